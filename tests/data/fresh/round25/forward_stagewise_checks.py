import numpy as np


def stagewise(X, y, epsilon, K):
    X = np.asarray(X, float)
    y = np.asarray(y, float)
    N, p = X.shape
    beta = np.zeros(p)
    r = y.copy()
    for _ in range(int(K)):
        c = X.T @ r
        j = int(np.argmax(np.abs(c)))
        d = epsilon * np.sign(c[j])
        beta[j] += d
        r = r - d * X[:, j]
    return beta, r
