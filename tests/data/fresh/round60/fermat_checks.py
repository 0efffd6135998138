import numpy as np
from math import isqrt
from algoverify import register_generator as register


@register()
def odd_integer(rng, lo, hi):
    """An odd integer in [lo, hi]."""
    k = int(rng.integers((lo + 1) // 2, (hi - 1) // 2 + 1))
    return 2 * k + 1


def fermat_reference(N):
    N = int(N)
    p = max(d for d in range(1, isqrt(N) + 1) if N % d == 0)
    return p, N // p
