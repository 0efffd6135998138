import numpy as np
from algoverify import register_generator as register


@register()
def design(rng, n, k):
    """An n x k design with an intercept column and k - 1 Gaussian covariates."""
    X = rng.standard_normal((n, k))
    X[:, 0] = 1.0
    return X


def durbin_watson(X, y):
    X = np.asarray(X, float)
    y = np.asarray(y, float)
    beta, *_ = np.linalg.lstsq(X, y, rcond=None)
    e = y - X @ beta
    return float(np.sum(np.diff(e) ** 2) / np.sum(e**2))
