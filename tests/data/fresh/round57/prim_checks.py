import numpy as np
from algoverify import register_generator as register


@register()
def complete_graph(rng, n):
    """Symmetric positive weights of the complete graph on n vertices (zero diagonal)."""
    n = int(n)
    W = rng.uniform(1.0, 10.0, size=(n, n))
    W = np.triu(W, 1)
    W = W + W.T
    return W


def mstweight(w):
    """Kruskal with a plain union-find: total weight of a minimum spanning tree."""
    w = np.asarray(w, dtype=float)
    n = w.shape[0]
    edges = sorted((w[u, v], u, v) for u in range(n) for v in range(u + 1, n) if np.isfinite(w[u, v]))
    parent = list(range(n))

    def find(x):
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    total = 0.0
    for c, u, v in edges:
        a, b = find(u), find(v)
        if a != b:
            parent[a] = b
            total += c
    return total


FUNCTIONS = {"mstweight": mstweight}
