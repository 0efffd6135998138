import numpy as np


def sorted_copy(A):
    return np.sort(np.asarray(A, dtype=float))
