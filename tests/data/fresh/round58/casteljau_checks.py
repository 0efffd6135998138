"""Reference for the de Casteljau note: the Bernstein form of the curve."""
from math import comb

import numpy as np


def bezier_point(B, t):
    B = np.asarray(B, dtype=float)
    n = B.shape[0] - 1
    w = np.array([comb(n, i) * t**i * (1 - t) ** (n - i) for i in range(n + 1)])
    return w @ B
