"""Checks for tonelli-shanks.md: odd primes, quadratic residues, and a Python Tonelli-Shanks."""
from algoverify import register_generator as register


def _is_prime(n):
    if n < 2:
        return False
    i = 2
    while i * i <= n:
        if n % i == 0:
            return False
        i += 1
    return True


@register()
def odd_prime(rng, lo, hi):
    """An odd prime in [lo, hi]."""
    primes = [q for q in range(max(3, int(lo)), int(hi) + 1) if _is_prime(q)]
    return int(primes[int(rng.integers(0, len(primes)))])


@register()
def quadratic_residue(rng, p):
    """A nonzero square modulo p, in 1..p-1."""
    p = int(p)
    y = int(rng.integers(1, p))
    return (y * y) % p


def tonelli_shanks(p, a):
    """Cohen, Algorithm 1.5.1, with n = 2, 3, ... tried in turn."""
    p, a = int(p), int(a)
    q, e = p - 1, 0
    while q % 2 == 0:
        q //= 2
        e += 1
    n = 2
    while pow(n, (p - 1) // 2, p) != p - 1:
        n += 1
    y, r = pow(n, q, p), e
    x = pow(a, (q - 1) // 2, p)
    b = a * x * x % p
    x = a * x % p
    while b % p != 1:
        m = 1
        while pow(b, 2 ** m, p) != 1:
            m += 1
        t = pow(y, 2 ** (r - m - 1), p)
        y = t * t % p
        r = m
        x = x * t % p
        b = b * y % p
    return x
