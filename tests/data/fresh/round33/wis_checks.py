"""Checks for weighted-interval-scheduling.md: sorted integer requests, and the optimum by brute force."""
from itertools import combinations

import numpy as np
from algoverify import register_generator as register

from _rng import randint


@register()
def sorted_finishes(rng, n):
    """n finish times, whole numbers in [1, 12], sorted (ties allowed)."""
    return np.sort(np.asarray(randint(rng, 1, 12, size=int(n)), dtype=float))


@register()
def starts_before(rng, f):
    """A start 1 to 4 units before each finish."""
    f = np.asarray(f, dtype=float)
    return f - np.asarray(randint(rng, 1, 4, size=len(f)), dtype=float)


def best_schedule_value(s, f, v):
    """Largest total value of a set of pairwise compatible requests (half-open intervals)."""
    n = len(s)
    best = 0.0
    for r in range(1, n + 1):
        for S in combinations(range(n), r):
            ivs = sorted((f[i], s[i]) for i in S)
            if all(ivs[a][0] <= ivs[a + 1][1] for a in range(len(ivs) - 1)):
                best = max(best, float(sum(v[i] for i in S)))
    return best
