import numpy as np


def prefix_sums(a):
    return np.cumsum(np.asarray(a, dtype=float))
