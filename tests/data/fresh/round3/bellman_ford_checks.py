import numpy as np
from algoverify import register_generator as register


@register()
def no_negative_cycle(rng, n):
    """A weight matrix with some missing edges (inf) and some negative weights but no
    negative cycle: w_ij = c_ij + p_i - p_j with c_ij >= 0 (reduced costs of a potential)."""
    n = int(n)
    c = rng.uniform(0.0, 5.0, size=(n, n))
    p = rng.uniform(-3.0, 3.0, size=n)
    W = c + p[:, None] - p[None, :]
    missing = rng.uniform(size=(n, n)) < 0.4
    W[missing] = np.inf
    np.fill_diagonal(W, np.inf)
    return W


def shortest_distances(W, s):
    W = np.asarray(W, dtype=float)
    n = W.shape[0]
    D = W.copy()
    np.fill_diagonal(D, np.minimum(np.diag(D), 0.0))
    for k in range(n):
        D = np.minimum(D, D[:, [k]] + D[[k], :])
    d = D[int(s) - 1].copy()
    d[int(s) - 1] = 0.0
    return d
