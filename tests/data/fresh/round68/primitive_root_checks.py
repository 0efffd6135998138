import numpy as np
from algoverify import register_generator as register


def _is_prime(m):
    if m < 2:
        return False
    f = 2
    while f * f <= m:
        if m % f == 0:
            return False
        f += 1
    return True


@register()
def odd_prime(rng, lo, hi):
    """An odd prime drawn uniformly from the primes in [lo, hi]."""
    primes = [m for m in range(max(3, int(lo)), int(hi) + 1) if _is_prime(m)]
    return int(primes[int(rng.integers(0, len(primes)))])


@register()
def prime_divisors(rng, p):
    """The distinct prime divisors of p - 1, increasing."""
    m = int(p) - 1
    out = []
    f = 2
    while f * f <= m:
        if m % f == 0:
            out.append(f)
            while m % f == 0:
                m //= f
        f += 1
    if m > 1:
        out.append(m)
    return out


def least_primitive_root(p):
    p = int(p)
    for g in range(2, p):
        x, order = g % p, 1
        while x != 1:
            x = x * g % p
            order += 1
        if order == p - 1:
            return g
