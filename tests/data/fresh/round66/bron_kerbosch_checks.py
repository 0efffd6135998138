"""Generator and reference for the Bron-Kerbosch note."""
from itertools import combinations

import numpy as np
from algoverify import register_generator as register


@register()
def graph(rng, n, p=0.5):
    """Adjacency matrix of a G(n, p) random graph: symmetric, 0/1, zero diagonal."""
    n = int(n)
    U = rng.random((n, n)) < p
    A = np.triu(U, 1)
    return (A | A.T).astype(int)


def maximal_cliques(A):
    """All maximal cliques, by brute force, as a set of frozensets of 1-based vertices."""
    A = np.asarray(A)
    n = len(A)
    cliques = []
    for size in range(n, 0, -1):
        for S in combinations(range(n), size):
            if all(A[u, v] for u, v in combinations(S, 2)):
                if not any(set(S) <= C for C in cliques):
                    cliques.append(set(S))
    return {frozenset(v + 1 for v in C) for C in cliques}
