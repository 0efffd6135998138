"""Checks for edf-max-lateness.md: brute-force optimum and a generator of sorted deadlines."""
import itertools

import numpy as np
from algoverify import register_generator as register


@register()
def sorted_deadlines(rng, n):
    """n integer deadlines in [1, 20], sorted ascending (the book's numbering)."""
    return np.sort(rng.integers(1, 21, size=n)).astype(float)


def best_max_lateness(t, d, s):
    """Smallest maximum lateness over all orders of the jobs, started at time s with no idle time."""
    t = [float(x) for x in np.atleast_1d(t)]
    d = [float(x) for x in np.atleast_1d(d)]
    best = None
    for order in itertools.permutations(range(len(t))):
        clock = float(s)
        worst = 0.0
        for j in order:
            clock += t[j]
            worst = max(worst, clock - d[j])
        best = worst if best is None else min(best, worst)
    return best
