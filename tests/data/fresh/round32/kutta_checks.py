"""Checks for the RK3 note: reference, skew-symmetric and Gaussian generators, expm."""

import numpy as np
from algoverify import register_generator as register


@register()
def skew(rng, n):
    M = rng.standard_normal((n, n))
    return M - M.T


@register()
def gaussian(rng, *shape):
    return rng.standard_normal(shape)


def rk3(A, y_0, h, N):
    A = np.asarray(A, dtype=float)
    y = np.array(y_0, dtype=float)
    for _ in range(int(N)):
        k1 = A @ y
        k2 = A @ (y + h / 2 * k1)
        k3 = A @ (y - h * k1 + 2 * h * k2)
        y = y + h / 6 * (k1 + 4 * k2 + k3)
    return y


def expm(A):
    """Matrix exponential by scaling and squaring of a long Taylor series."""
    A = np.asarray(A, dtype=float)
    n = A.shape[0]
    s = max(0, int(np.ceil(np.log2(max(np.linalg.norm(A, 1), 1e-300)))) + 1)
    B = A / 2.0 ** s
    E = np.eye(n)
    term = np.eye(n)
    for k in range(1, 30):
        term = term @ B / k
        E = E + term
    for _ in range(s):
        E = E @ E
    return E


FUNCTIONS = {"expm": expm}
