"""Checks for the Golub-Kahan note: plain Gaussian draws and a NumPy reference."""

import numpy as np
from algoverify import register_generator as register


@register()
def gaussian(rng, *shape):
    """Independent standard normal entries (no structured members: the algorithm assumes no breakdown)."""
    return rng.standard_normal(shape)


def golub_kahan(A, b, k):
    A = np.asarray(A, dtype=float)
    b = np.asarray(b, dtype=float)
    m, n = A.shape
    U = np.zeros((m, k + 1))
    V = np.zeros((n, k + 1))
    alpha = np.zeros(k + 1)
    beta = np.zeros(k + 1)
    beta[0] = np.linalg.norm(b)
    U[:, 0] = b / beta[0]
    w = A.T @ U[:, 0]
    alpha[0] = np.linalg.norm(w)
    V[:, 0] = w / alpha[0]
    for i in range(k):
        p = A @ V[:, i] - alpha[i] * U[:, i]
        beta[i + 1] = np.linalg.norm(p)
        U[:, i + 1] = p / beta[i + 1]
        w = A.T @ U[:, i + 1] - beta[i + 1] * V[:, i]
        alpha[i + 1] = np.linalg.norm(w)
        V[:, i + 1] = w / alpha[i + 1]
    return U, V, alpha, beta
