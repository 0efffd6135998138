import numpy as np


def bin_counts(x, a, b, k):
    x = np.asarray(x, dtype=float)
    h = (b - a) / k
    j = np.minimum(k - 1, np.floor((x - a) / h).astype(int))
    return np.bincount(j, minlength=k)
