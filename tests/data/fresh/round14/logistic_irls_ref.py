"""Reference Newton-Raphson and data generators for logistic-irls.md."""
import numpy as np
from algoverify import register_generator as register


@register()
def design(rng, n, d):
    """A Gaussian design matrix (n x d)."""
    return rng.standard_normal((int(n), int(d)))


@register()
def overlapping_labels(rng, X):
    """Labels from a weak logistic model, re-drawn until both classes have at least
    n/4 members; with n >= 40 and d <= 3 such labels are not separable in practice."""
    X = np.asarray(X, dtype=float)
    n, d = X.shape
    w = 0.5 * rng.standard_normal(d)
    while True:
        p = 1.0 / (1.0 + np.exp(-X @ w))
        y = (rng.random(n) < p).astype(float)
        if n / 4 <= y.sum() <= 3 * n / 4:
            return y


def newton_logistic(X, y, K):
    X = np.asarray(X, dtype=float)
    y = np.asarray(y, dtype=float)
    beta = np.zeros(X.shape[1])
    for _ in range(int(K)):
        p = 1.0 / (1.0 + np.exp(-X @ beta))
        H = X.T @ (X * (p * (1 - p))[:, None])
        beta = beta + np.linalg.solve(H, X.T @ (y - p))
    return beta
