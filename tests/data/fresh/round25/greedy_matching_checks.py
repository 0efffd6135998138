import itertools

import numpy as np
from algoverify import register_generator as register


@register()
def graph(rng, n):
    U = np.triu(rng.random((n, n)) < 0.5, 1).astype(float)
    return U + U.T


def greedy_matching(A):
    A = np.asarray(A)
    n = len(A)
    mate = [0] * (n + 1)
    M = set()
    for i in range(1, n + 1):
        for j in range(i + 1, n + 1):
            if A[i - 1, j - 1] == 1 and mate[i] == 0 and mate[j] == 0:
                M.add((i, j))
                mate[i], mate[j] = j, i
    return M


def maxmatching(A):
    """Size of a maximum matching, by brute force (small graphs only)."""
    A = np.asarray(A)
    n = len(A)
    edges = [(i, j) for i in range(n) for j in range(i + 1, n) if A[i, j]]
    for k in range(len(edges), 0, -1):
        for sub in itertools.combinations(edges, k):
            ends = [v for e in sub for v in e]
            if len(ends) == len(set(ends)):
                return k
    return 0


FUNCTIONS = {"maxmatching": maxmatching}
