"""Checks for interval-partitioning.md: sorted integer intervals, and the greedy labelling."""
import numpy as np
from algoverify import register_generator as register

from _rng import randint


@register()
def sorted_starts(rng, n):
    """n start times, whole numbers in [0, 10], sorted (ties allowed)."""
    return np.sort(np.asarray(randint(rng, 0, 10, size=int(n)), dtype=float))


@register()
def finishes_after(rng, s):
    """A finish time 1 to 4 units after each start."""
    s = np.asarray(s, dtype=float)
    return s + np.asarray(randint(rng, 1, 4, size=len(s)), dtype=float)


def partition_intervals(s, f):
    s = list(s)
    f = list(f)
    n = len(s)
    d = max(sum(1 for i in range(n) if s[i] <= s[j] < f[i]) for j in range(n))
    labels = []
    for j in range(n):
        excluded = {labels[i] for i in range(j) if f[i] > s[j]}
        free = [c for c in range(1, d + 1) if c not in excluded]
        labels.append(min(free) if free else 0)
    return labels, d
