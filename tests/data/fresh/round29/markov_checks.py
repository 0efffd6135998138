import numpy as np

from algoverify import register_generator as register


@register()
def stochastic(rng, n):
    """A random n x n row-stochastic matrix."""
    M = rng.random((n, n)) + 1e-3
    return M / M.sum(axis=1, keepdims=True)


def alpha_P_k(P, alpha, k):
    return np.asarray(alpha, dtype=float) @ np.linalg.matrix_power(np.asarray(P, dtype=float), int(k))
