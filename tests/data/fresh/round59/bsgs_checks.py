import numpy as np
from algoverify import register_generator as register

PRIMES = [5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71, 73, 79, 83,
          89, 97, 101, 103, 107, 109, 113, 127, 131, 137, 139, 149, 151, 157, 163, 167, 173]


def _is_primitive(g, p):
    x, seen = 1, set()
    for _ in range(p - 1):
        x = x * g % p
        seen.add(x)
    return len(seen) == p - 1


@register()
def small_prime(rng):
    return int(rng.choice(PRIMES))


@register()
def primitive_root(rng, p):
    p = int(p)
    roots = [g for g in range(2, p) if _is_primitive(g, p)]
    return int(rng.choice(roots))


@register()
def unit(rng, p):
    return int(rng.integers(1, int(p)))


@register()
def order(rng, p):
    return int(p) - 1


def discrete_log(alpha, beta, p):
    x, v = 0, 1
    while v != beta % p:
        v = v * alpha % p
        x += 1
    return x
