import numpy as np


def updated_inverse(B, U, V):
    """(B^{-1} + U V^T)^{-1}, computed directly."""
    B = np.asarray(B, dtype=float)
    U = np.asarray(U, dtype=float).reshape(B.shape[0], -1)
    V = np.asarray(V, dtype=float).reshape(B.shape[0], -1)
    return np.linalg.inv(np.linalg.inv(B) + U @ V.T)
