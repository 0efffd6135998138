"""Generators and a reference for the Montgomery-reduction note."""
import math
from algoverify import register_generator as register


@register()
def coprime_modulus(rng, b, n):
    """A modulus of exactly n base-b digits, coprime to b."""
    b, n = int(b), int(n)
    lo, hi = (b ** (n - 1) if n > 1 else 2), b**n
    while True:
        m = int(rng.integers(lo, hi))
        if m > 1 and math.gcd(m, b) == 1:
            return m


@register()
def below_mR(rng, m, b, n):
    """An integer T with 0 <= T < m R, R = b^n."""
    return int(rng.integers(0, int(m) * int(b) ** int(n)))


@register()
def neg_inverse(rng, m, b):
    """m' = -m^{-1} mod b."""
    return pow(-int(m), -1, int(b))


def montgomery_reduce(m, b, n, T, m_prime):
    R = int(b) ** int(n)
    return int(T) * pow(R, -1, int(m)) % int(m)
