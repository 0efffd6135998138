import numpy as np
from algoverify import register_generator as register


@register()
def lower_factor(rng, n):
    """A lower triangular matrix with a positive diagonal: a Cholesky factor."""
    L = np.tril(rng.standard_normal((n, n)), -1)
    L[np.diag_indices(n)] = rng.uniform(0.5, 2.0, n)
    return L


def cholesky_of_updated(L, x):
    L = np.asarray(L, dtype=float)
    x = np.asarray(x, dtype=float)
    return np.linalg.cholesky(L @ L.T + np.outer(x, x))
