import numpy as np


def gamma_mom(X):
    X = np.asarray(X, dtype=float)
    m = X.mean()
    s2 = np.mean((X - m) ** 2)
    return m**2 / s2, s2 / m
