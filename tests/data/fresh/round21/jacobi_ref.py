import numpy as np
from algoverify import register_generator as register


def _factor(n):
    f, p = [], 3
    while n % 2 == 0:
        n //= 2
        f.append(2)
    while p * p <= n:
        while n % p == 0:
            f.append(p)
            n //= p
        p += 2
    if n > 1:
        f.append(n)
    return f


def _legendre(a, p):
    a %= p
    if a == 0:
        return 0
    return 1 if pow(a, (p - 1) // 2, p) == 1 else -1


def jacobi_by_factoring(a, n):
    a, n = int(a), int(n)
    r = 1
    for p in _factor(n):
        r *= _legendre(a, p)
    return r


@register()
def odd_integers(rng, lo, hi):
    """A random odd integer in [lo, hi]."""
    lo, hi = int(lo), int(hi)
    k = int(rng.integers(lo // 2, (hi - 1) // 2 + 1))
    return 2 * k + 1
