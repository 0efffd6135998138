import itertools

import numpy as np
from algoverify import register_generator as register


@register()
def graph(rng, n):
    """A random simple graph on n vertices (edge probability 1/2), as a 0/1 adjacency matrix."""
    U = np.triu(rng.random((n, n)) < 0.5, 1).astype(float)
    return U + U.T


@register()
def complete_graph(rng, n):
    return np.ones((n, n)) - np.eye(n)


def count_spanning_trees_brute(A):
    A = np.asarray(A)
    n = len(A)
    edges = [(i, j) for i in range(n) for j in range(i + 1, n) if A[i, j]]
    count = 0
    for sub in itertools.combinations(edges, n - 1):
        parent = list(range(n))

        def find(x):
            while parent[x] != x:
                x = parent[x]
            return x

        acyclic = True
        for u, v in sub:
            a, b = find(u), find(v)
            if a == b:
                acyclic = False
                break
            parent[a] = b
        count += acyclic
    return float(count)
