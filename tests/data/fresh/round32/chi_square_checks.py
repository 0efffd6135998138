"""Reference for the chi-squared note (what scipy.stats.chi2_contingency(correction=False) gives)."""

import numpy as np


def pearson_chi2(N):
    N = np.asarray(N, dtype=float)
    n = N.sum()
    expected = np.outer(N.sum(axis=1), N.sum(axis=0)) / n
    stat = ((N - expected) ** 2 / expected).sum()
    I, J = N.shape
    return stat, (I - 1) * (J - 1)
