import numpy as np


def affine_global_score(x, y, d, e):
    """Gotoh's three-matrix recurrence (Durbin et al. 2.16), written independently."""
    n, m = len(x), len(y)
    NEG = -np.inf
    M = np.full((n + 1, m + 1), NEG)
    X = np.full((n + 1, m + 1), NEG)
    Y = np.full((n + 1, m + 1), NEG)
    M[0, 0] = 0.0
    for i in range(1, n + 1):
        X[i, 0] = -d - (i - 1) * e
    for j in range(1, m + 1):
        Y[0, j] = -d - (j - 1) * e
    for i in range(1, n + 1):
        for j in range(1, m + 1):
            s = 1.0 if x[i - 1] == y[j - 1] else -1.0
            M[i, j] = s + max(M[i - 1, j - 1], X[i - 1, j - 1], Y[i - 1, j - 1])
            X[i, j] = max(M[i - 1, j] - d, X[i - 1, j] - e)
            Y[i, j] = max(M[i, j - 1] - d, Y[i, j - 1] - e)
    return max(M[n, m], X[n, m], Y[n, m])
