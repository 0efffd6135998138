import numpy as np


def ellipsoid(A, b, r, K):
    """K steps of the central-cut ellipsoid method on f(x) = |Ax - b|^2 / 2 (Boyd, EE364b)."""
    A = np.asarray(A, dtype=float)
    b = np.asarray(b, dtype=float)
    n = A.shape[1]
    x = np.zeros(n)
    P = r ** 2 * np.eye(n)
    for _ in range(K):
        g = A.T @ (A @ x - b)
        gt = g / np.sqrt(g @ P @ g)
        Pg = P @ gt
        x = x - Pg / (n + 1)
        P = n ** 2 / (n ** 2 - 1) * (P - 2 / (n + 1) * np.outer(Pg, Pg))
    return x, P
