import numpy as np
from scipy.sparse.csgraph import dijkstra
from algoverify import register_generator as register


@register()
def zero_one_weights(rng, n):
    """A random directed graph on n vertices: weight 0 or 1 on an edge, inf elsewhere."""
    W = np.full((n, n), np.inf)
    edge = rng.random((n, n)) < 0.4
    W[edge] = rng.integers(0, 2, size=(n, n))[edge]
    np.fill_diagonal(W, np.inf)
    return W


def shortest_distances(W, s):
    W = np.asarray(W, dtype=float)
    n = W.shape[0]
    # dijkstra treats explicit zeros as no edge: shift zero weights to a tiny epsilon
    G = np.where(np.isinf(W), 0.0, np.where(W == 0, 1e-12, W))
    d = dijkstra(G, directed=True, indices=s - 1)
    return np.where(np.isinf(d), np.inf, np.round(d))
