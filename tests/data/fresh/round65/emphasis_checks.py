import numpy as np


def pre_emphasis(x, a):
    x = np.asarray(x, dtype=float)
    y = x.copy()
    y[1:] = x[1:] - a * x[:-1]
    return y
