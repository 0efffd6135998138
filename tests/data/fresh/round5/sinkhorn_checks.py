import numpy as np


def sinkhorn(K, L):
    K = np.asarray(K, dtype=float)
    n = K.shape[0]
    u = np.ones(n)
    v = np.ones(n)
    for _ in range(int(L)):
        u = 1.0 / (K @ v)
        v = 1.0 / (K.T @ u)
    return np.diag(u) @ K @ np.diag(v)
