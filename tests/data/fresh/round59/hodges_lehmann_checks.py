import numpy as np


def hodges_lehmann(x):
    x = np.asarray(x, dtype=float)
    n = len(x)
    w = [(x[i] + x[j]) / 2 for i in range(n) for j in range(i, n)]
    return float(np.median(w))
