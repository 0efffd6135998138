from math import comb

import numpy as np


def bernstein_sum(b, t):
    b = np.asarray(b, dtype=float)
    n = len(b) - 1
    return sum(b[k] * comb(n, k) * t ** k * (1 - t) ** (n - k) for k in range(n + 1))
