"""Reference for the rank-sum note: count the pairs directly."""
import numpy as np


def rank_sum_and_u(X, Y):
    X = np.asarray(X, dtype=float)
    Y = np.asarray(Y, dtype=float)
    n = len(Y)
    u = int(np.sum(X[:, None] < Y[None, :]))
    return u + n * (n + 1) // 2, u
