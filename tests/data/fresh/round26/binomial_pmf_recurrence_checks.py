from math import comb

import numpy as np


def binomial_pmf(n, p):
    n = int(n)
    return np.array([comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(n + 1)])
