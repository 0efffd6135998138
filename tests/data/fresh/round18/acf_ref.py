import numpy as np


def acf(x, L):
    x = np.asarray(x, dtype=float)
    n = len(x)
    d = x - x.mean()
    gamma = np.array([np.dot(d[: n - k], d[k:]) / n for k in range(L + 1)])
    return gamma / gamma[0]
