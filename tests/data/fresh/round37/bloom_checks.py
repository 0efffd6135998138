"""Checks for the Bloom-filter note: random keys, random hash functions, and the filter in Python."""

import numpy as np
from algoverify import register_generator as register


@register()
def keys(rng, n, u):
    """n keys from {1, ..., u} (with repetitions when n > u; a set may be given with repeats)."""
    return rng.integers(1, u + 1, size=n)


class _Hash:
    """A hash function U -> {1..m} given by a random table."""

    def __init__(self, table):
        self.table = [int(v) for v in table]

    def __call__(self, x):
        return self.table[int(x) - 1]

    def __repr__(self):
        return f"hash{self.table}"


@register()
def hashes(rng, k, u, m):
    """k independent random functions from {1..u} to {1..m}."""
    return [_Hash(rng.integers(1, m + 1, size=u)) for _ in range(k)]


def bloom(x, y, h, m):
    """The filter as the prose describes it: the bits after inserting x, then the answers for y."""
    B = np.zeros(m, dtype=int)
    for key in x:
        for hj in h:
            B[hj(key) - 1] = 1
    a = np.array([all(B[hj(key) - 1] == 1 for hj in h) for key in y])
    return B, a
