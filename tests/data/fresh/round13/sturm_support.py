import numpy as np


def _T(a, b):
    a = np.asarray(a, dtype=float).ravel()
    b = np.asarray(b, dtype=float).ravel()
    return np.diag(a) + np.diag(b, 1) + np.diag(b, -1)


def eigenvalues_below(a, b, x):
    return int(np.sum(np.linalg.eigvalsh(_T(a, b)) < x))


def kth_eigenvalue(a, b, k):
    return float(np.linalg.eigvalsh(_T(a, b))[int(k) - 1])
