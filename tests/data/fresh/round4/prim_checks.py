import numpy as np
from algoverify import register_generator as register


@register(sizes=("n",))
def complete_weights(rng, n):
    """Symmetric positive weights of a complete graph on n vertices (zero diagonal)."""
    W = rng.uniform(0.1, 10.0, (n, n))
    W = np.triu(W, 1)
    return W + W.T


def kruskal_weight(W):
    W = np.asarray(W, dtype=float)
    n = W.shape[0]
    parent = list(range(n))

    def find(a):
        while parent[a] != a:
            parent[a] = parent[parent[a]]
            a = parent[a]
        return a

    edges = sorted((W[i, j], i, j) for i in range(n) for j in range(i + 1, n) if np.isfinite(W[i, j]))
    total = 0.0
    for w, i, j in edges:
        ri, rj = find(i), find(j)
        if ri != rj:
            parent[ri] = rj
            total += w
    return total
