import numpy as np

from algoverify import register_generator as register


@register()
def graph(rng, n):
    """Adjacency matrix of a random simple graph on n vertices (G(n, 1/2))."""
    U = np.triu(rng.integers(0, 2, size=(n, n)), 1)
    return (U + U.T).astype(float)


def lex_first_mis(A):
    A = np.asarray(A)
    n = A.shape[0]
    S = []
    for v in range(n):
        if all(A[u, v] == 0 for u in S):
            S.append(v)
    return {v + 1 for v in S}
