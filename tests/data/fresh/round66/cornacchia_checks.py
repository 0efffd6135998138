"""Generators and reference for the Cornacchia note."""
from math import gcd, isqrt

from algoverify import register_generator as register


def _is_prime(q):
    if q < 2:
        return False
    i = 2
    while i * i <= q:
        if q % i == 0:
            return False
        i += 1
    return True


@register()
def odd_prime(rng, lo, hi):
    """A uniformly chosen odd prime in [lo, hi]."""
    primes = [q for q in range(max(3, int(lo)), int(hi) + 1) if _is_prime(q)]
    return int(primes[rng.integers(len(primes))])


@register()
def represented_prime(rng, d, hi=5000):
    """An odd prime p = x^2 + d y^2 with x, y >= 1, below hi, and d < p."""
    d = int(d)
    while True:
        x = int(rng.integers(1, isqrt(hi) + 1))
        y = int(rng.integers(1, isqrt(hi // d) + 1))
        p = x * x + d * y * y
        if p < hi and p > d and p % 2 == 1 and _is_prime(p):
            return p


def cornacchia(p, d):
    """The solution (x, y), x, y >= 0, of x^2 + d y^2 = p by search, or None."""
    for y in range(0, isqrt(p // d) + 1):
        r = p - d * y * y
        x = isqrt(r)
        if x * x == r:
            return x, y
    return None
