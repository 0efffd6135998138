import numpy as np


def l2boost(X, y, nu, M):
    X = np.asarray(X, dtype=float)
    y = np.asarray(y, dtype=float)
    n, p = X.shape
    F = np.zeros(n)
    beta = np.zeros(p)
    for _ in range(M):
        r = y - F
        b = X.T @ r / (X * X).sum(axis=0)
        e = ((r[:, None] - X * b[None, :]) ** 2).sum(axis=0)
        s = int(np.argmin(e))
        beta[s] += nu * b[s]
        F = F + nu * b[s] * X[:, s]
    return beta, F
