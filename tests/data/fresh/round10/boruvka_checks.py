import numpy as np
from algoverify import register_generator as register


def _prim(W):
    W = np.asarray(W, dtype=float)
    n = W.shape[0]
    inside = [0]
    edges = set()
    while len(inside) < n:
        best = None
        for u in inside:
            for v in range(n):
                if v not in inside and (best is None or W[u, v] < best[0]):
                    best = (W[u, v], u, v)
        _, u, v = best
        inside.append(v)
        edges.add((min(u, v) + 1, max(u, v) + 1))
    return edges


def mst_edges(W):
    """The minimum spanning tree as a set of 1-based pairs (u, v) with u < v."""
    return _prim(W)


def mstweight(W):
    W = np.asarray(W, dtype=float)
    return float(sum(W[u - 1, v - 1] for u, v in _prim(W)))


FUNCTIONS = {"mstweight": mstweight}


@register()
def distinct_weights(rng, n):
    """Symmetric n x n matrix, zero diagonal, distinct positive off-diagonal weights."""
    k = n * (n - 1) // 2
    vals = rng.permutation(k) + 1.0 + rng.uniform(0, 0.5, size=k)
    W = np.zeros((n, n))
    iu = np.triu_indices(n, 1)
    W[iu] = vals
    return W + W.T
