import numpy as np


def sorted_copy(a):
    return np.sort(np.asarray(a, dtype=float))
