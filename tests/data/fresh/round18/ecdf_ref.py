import numpy as np


def ecdf(x, t):
    return float(np.mean(np.asarray(x, dtype=float) <= t))
