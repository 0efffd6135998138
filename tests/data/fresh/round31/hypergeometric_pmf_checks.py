from math import comb

import numpy as np


def hypergeom_pmf(N, K, n):
    return np.array([comb(K, k) * comb(N - K, n - k) / comb(N, n) for k in range(n + 1)])
