import numpy as np


def window_max(x, k):
    x = np.asarray(x, dtype=float)
    n = len(x)
    return np.array([x[i:i + k].max() for i in range(n - k + 1)])
