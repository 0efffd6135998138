from itertools import combinations

import numpy as np
from algoverify import register_generator as register


@register()
def finishes(rng, n):
    """n finishing times in non-decreasing order."""
    return np.sort(rng.uniform(0.0, 20.0, size=int(n)))


@register()
def starts(rng, f):
    """A start strictly before each finishing time (lengths from 0.5 to 6)."""
    f = np.asarray(f, dtype=float)
    return f - rng.uniform(0.5, 6.0, size=f.shape)


def earliest_finish(s, f):
    chosen, t = set(), float("-inf")
    for i in range(len(f)):
        if s[i] >= t:
            chosen.add(i + 1)
            t = f[i]
    return chosen


def maxcompatible(s, f):
    """Brute force: the size of the largest set of pairwise compatible requests."""
    n = len(f)
    for size in range(n, 0, -1):
        for subset in combinations(range(n), size):
            if all(f[i] <= s[j] or f[j] <= s[i] for i, j in combinations(subset, 2)):
                return size
    return 0


FUNCTIONS = {"maxcompatible": maxcompatible}
