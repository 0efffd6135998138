import numpy as np


def median_filter(x, k):
    x = np.asarray(x, dtype=float)
    y = x.copy()
    for i in range(k, len(x) - k):
        y[i] = np.median(x[i - k:i + k + 1])
    return y
