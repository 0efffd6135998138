import math
import numpy as np
from algoverify import register_generator as register

FAILURE = None


def primes_up_to(B):
    return [q for q in range(2, int(B) + 1) if all(q % r for r in range(2, int(q ** 0.5) + 1))]


def pollard_p_minus_1(n, B, a):
    """HAC Algorithm 3.14 with the random base a given."""
    d = math.gcd(a, n)
    if d >= 2:
        return d
    for q in primes_up_to(B):
        l = int(math.floor(math.log(n) / math.log(q)))
        a = pow(a, q ** l, n)
    d = math.gcd(a - 1, n)
    if d == 1 or d == n:
        return FAILURE
    return d


@register()
def composite(rng):
    """A composite that is not a prime power: a product of two distinct primes below 200."""
    ps = primes_up_to(200)
    p, q = rng.choice(len(ps), size=2, replace=False)
    return int(ps[p] * ps[q])
