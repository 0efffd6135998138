import numpy as np


def det_of_tridiagonal(a, b, c):
    a = np.asarray(a, dtype=float)
    T = np.diag(a) + np.diag(np.asarray(b, dtype=float), 1) + np.diag(np.asarray(c, dtype=float), -1)
    return np.linalg.det(T)
