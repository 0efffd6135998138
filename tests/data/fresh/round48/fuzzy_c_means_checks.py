import numpy as np


def fcm_step(X, V, m):
    X = np.asarray(X, dtype=float)
    V = np.asarray(V, dtype=float)
    D = np.linalg.norm(X[None, :, :] - V[:, None, :], axis=2)  # c x n
    U = 1.0 / ((D[:, None, :] / D[None, :, :]) ** (2 / (m - 1))).sum(axis=1)
    W = U**m
    Vn = (W @ X) / W.sum(axis=1, keepdims=True)
    return U, Vn
