import itertools

import numpy as np

from algoverify import register_generator as register


@register()
def graph(rng, n):
    """Adjacency matrix of a random simple graph on n vertices (G(n, 1/2))."""
    U = np.triu(rng.integers(0, 2, size=(n, n)), 1)
    return (U + U.T).astype(float)


def walks_by_enumeration(A, k):
    """Count walks of length k between every pair of vertices by listing them (small n, k)."""
    A = np.asarray(A)
    n = A.shape[0]
    k = int(k)
    W = np.zeros((n, n))
    for i in range(n):
        for mid in itertools.product(range(n), repeat=k):
            seq = (i,) + mid
            if all(A[seq[t], seq[t + 1]] == 1 for t in range(k)):
                W[i, seq[-1]] += 1
    return W
