import numpy as np


def adjusted_skewness(x):
    x = np.asarray(x, dtype=float)
    n = len(x)
    d = x - x.mean()
    g1 = np.mean(d**3) / np.mean(d**2) ** 1.5
    return np.sqrt(n * (n - 1)) / (n - 2) * g1
