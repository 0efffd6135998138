"""Reference and generator for the Stoer–Wagner note."""
import itertools

import numpy as np
from algoverify import register_generator as register


@register()
def weight_matrix(rng, n):
    """A symmetric matrix of small non-negative integer weights, zero diagonal, some edges absent."""
    W = rng.integers(0, 5, size=(n, n)).astype(float)
    W[rng.random((n, n)) < 0.3] = 0.0
    W = np.triu(W, 1)
    return W + W.T


def brute_force_min_cut(W):
    """Weight of a minimum cut, by trying every S that contains vertex 1."""
    W = np.asarray(W, dtype=float)
    n = W.shape[0]
    best = np.inf
    for r in range(0, n - 1):
        for rest in itertools.combinations(range(1, n), r):
            S = [0, *rest]
            T = [v for v in range(n) if v not in S]
            best = min(best, W[np.ix_(S, T)].sum())
    return best
