import numpy as np
from algoverify import register_generator as register


@register()
def design(rng, n, p):
    """An n x p design: an intercept column and p - 1 Gaussian covariates (full column rank, no leverage one)."""
    X = rng.standard_normal((n, p))
    X[:, 0] = 1.0
    return X


def press_by_refitting(X, y):
    X = np.asarray(X, float)
    y = np.asarray(y, float)
    n = X.shape[0]
    total = 0.0
    for i in range(n):
        keep = np.arange(n) != i
        beta_i, *_ = np.linalg.lstsq(X[keep], y[keep], rcond=None)
        total += (y[i] - X[i] @ beta_i) ** 2
    return total
