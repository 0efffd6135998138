import numpy as np
from algoverify import register_generator as register


@register()
def standardized(rng, N, p):
    X = rng.standard_normal((N, p))
    X = X - X.mean(axis=0)
    X = X / np.sqrt((X ** 2).mean(axis=0))
    return X


def enet_cd(X, y, lam, alpha, K):
    X = np.asarray(X, dtype=float); y = np.asarray(y, dtype=float)
    N, p = X.shape
    beta = np.zeros(p)
    for _ in range(K):
        for j in range(p):
            r = y - X @ beta + X[:, j] * beta[j]
            z = X[:, j] @ r / N
            beta[j] = np.sign(z) * max(abs(z) - lam * alpha, 0.0) / (1 + lam * (1 - alpha))
    return beta
