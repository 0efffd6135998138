import numpy as np


def range_minimum(A, l, r):
    A = np.asarray(A, dtype=float).ravel()
    return float(np.min(A[l - 1:r]))
