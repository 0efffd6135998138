import numpy as np


def summed_area(A):
    A = np.asarray(A, dtype=float)
    S = np.zeros((A.shape[0] + 1, A.shape[1] + 1))
    S[1:, 1:] = A.cumsum(axis=0).cumsum(axis=1)
    return S
