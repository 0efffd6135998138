"""Checks for the inverse-BWT note: a generator of valid transforms and the naive inversion."""

import numpy as np
from algoverify import register_generator as register


def _bwt(t):
    n = len(t)
    rotations = sorted(tuple(t[i:] + t[:i]) for i in range(n))
    return [r[-1] for r in rotations]


@register()
def bwt(rng, n, sigma):
    """The BWT of a random text of n - 1 letters from {1..sigma} followed by the marker 0."""
    t = [int(x) for x in rng.integers(1, sigma + 1, size=n - 1)] + [0]
    return np.array(_bwt(t))


def invert_by_sorting(L):
    """Burrows and Wheeler's first inversion: rebuild the sorted rotation table column by column."""
    L = [int(x) for x in L]
    n = len(L)
    table = [() for _ in range(n)]
    for _ in range(n):
        table = sorted((L[i],) + table[i] for i in range(n))
    row = next(r for r in table if r[-1] == 0)  # the rotation that is T itself
    return np.array(row)
