import numpy as np


def inverse(A):
    return np.linalg.inv(np.asarray(A, float))


def transpose(A):
    return np.asarray(A, float).T.copy()
