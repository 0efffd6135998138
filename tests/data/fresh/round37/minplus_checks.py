"""Checks for the repeated-squaring note."""

import numpy as np
from algoverify import register_generator as register


def shortest_paths(W):
    """Floyd-Warshall, as an independent reference."""
    D = np.array(W, dtype=float)
    n = D.shape[0]
    for k in range(n):
        D = np.minimum(D, D[:, [k]] + D[[k], :])
    return D


@register()
def weights(rng, n):
    """A random weighted digraph with some negative edges and no negative cycle.

    Edge weights are w(u, v) = c(u, v) + phi(u) - phi(v) with c >= 0 integer, so every cycle
    has weight sum c >= 0; missing edges are infinite, the diagonal is zero.
    """
    p = rng.uniform(0.2, 0.7)
    c = rng.integers(0, 10, size=(n, n)).astype(float)
    phi = rng.integers(-5, 6, size=n).astype(float)
    W = c + phi[:, None] - phi[None, :]
    W[rng.uniform(size=(n, n)) >= p] = np.inf
    np.fill_diagonal(W, 0.0)
    return W
