"""Checks for the bitonic-tour note: brute-force bitonic and optimal tours, and sorted points."""

import itertools

import numpy as np
from algoverify import register_generator as register


def _length(P, order):
    return sum(np.linalg.norm(P[order[i]] - P[order[(i + 1) % len(order)]]) for i in range(len(order)))


def shortest_bitonic_tour(P):
    """Every bitonic tour: choose which middle points are on the way out (the rest on the way back)."""
    P = np.asarray(P, dtype=float)
    n = len(P)
    if n == 2:
        return 2 * float(np.linalg.norm(P[0] - P[1]))
    middle = list(range(1, n - 1))
    best = np.inf
    for r in range(len(middle) + 1):
        for out in itertools.combinations(middle, r):
            back = [k for k in middle if k not in out]
            order = [0, *out, n - 1, *reversed(back)]
            best = min(best, _length(P, order))
    return float(best)


def tsp(P):
    """Length of an optimal tour, by trying every order."""
    P = np.asarray(P, dtype=float)
    n = len(P)
    if n == 2:
        return 2 * float(np.linalg.norm(P[0] - P[1]))
    return float(min(_length(P, [0, *perm]) for perm in itertools.permutations(range(1, n))))


FUNCTIONS = {"tsp": tsp}


@register()
def sorted_points(rng, n):
    """n Gaussian points, sorted by x-coordinate (distinct with probability one)."""
    P = rng.standard_normal((n, 2))
    return P[np.argsort(P[:, 0])]
