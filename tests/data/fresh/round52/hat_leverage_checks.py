import numpy as np


def hat_diagonal(X):
    X = np.asarray(X, dtype=float)
    H = X @ np.linalg.pinv(X.T @ X) @ X.T
    return np.diag(H)
