import numpy as np


def cooks_distance_by_refitting(X, y):
    """Cook's definition: refit without each row and measure the move in the X^T X metric."""
    X = np.asarray(X, float)
    y = np.asarray(y, float)
    n, p = X.shape
    beta = np.linalg.lstsq(X, y, rcond=None)[0]
    e = y - X @ beta
    s2 = e @ e / (n - p)
    G = X.T @ X
    D = np.empty(n)
    for i in range(n):
        keep = np.arange(n) != i
        beta_i = np.linalg.lstsq(X[keep], y[keep], rcond=None)[0]
        d = beta_i - beta
        D[i] = d @ G @ d / (p * s2)
    return D
