"""Checks for farthest-first-k-center.md: the traversal in NumPy, and the optimum by brute force."""
from itertools import combinations

import numpy as np


def farthest_first(P, k):
    P = np.asarray(P, dtype=float)
    n = P.shape[0]
    C = {1}
    delta = np.linalg.norm(P - P[0], axis=1)
    for _ in range(2, int(k) + 1):
        m = int(np.argmax(delta))
        C.add(m + 1)
        delta = np.minimum(delta, np.linalg.norm(P - P[m], axis=1))
    return C, float(delta.max())


def optradius(P, k):
    """The smallest covering radius of k centres chosen among the points (brute force)."""
    P = np.asarray(P, dtype=float)
    n = P.shape[0]
    D = np.linalg.norm(P[:, None, :] - P[None, :, :], axis=2)
    best = np.inf
    for S in combinations(range(n), int(k)):
        best = min(best, D[:, list(S)].min(axis=1).max())
    return float(best)


FUNCTIONS = {"optradius": optradius}
