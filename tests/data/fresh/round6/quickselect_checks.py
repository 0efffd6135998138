import numpy as np


def kth_smallest(A, k):
    return float(np.sort(np.asarray(A, dtype=float))[int(k) - 1])
