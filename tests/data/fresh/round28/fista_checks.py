import numpy as np


def _soft(v, a):
    return np.sign(v) * np.maximum(np.abs(v) - a, 0.0)


def fista_reference(A, b, lam, N):
    A = np.atleast_2d(np.asarray(A, float))
    b = np.asarray(b, float)
    L = np.max(np.linalg.eigvalsh(A.T @ A))
    x = np.zeros(A.shape[1]); y = x.copy(); t = 1.0
    for _ in range(int(N)):
        xn = _soft(y - A.T @ (A @ y - b) / L, lam / L)
        tn = (1 + np.sqrt(1 + 4 * t * t)) / 2
        y = xn + (t - 1) / tn * (xn - x)
        x, t = xn, tn
    return x
