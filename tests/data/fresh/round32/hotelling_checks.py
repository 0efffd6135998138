"""Reference for the Hotelling note."""

import numpy as np


def hotelling(X, mu_0):
    X = np.asarray(X, dtype=float)
    mu_0 = np.asarray(mu_0, dtype=float)
    n, p = X.shape
    xbar = X.mean(axis=0)
    S = np.cov(X, rowvar=False, ddof=1).reshape(p, p)
    diff = xbar - mu_0
    T2 = n * diff @ np.linalg.solve(S, diff)
    F = (n - p) / ((n - 1) * p) * T2
    return T2, F
