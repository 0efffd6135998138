import numpy as np
from algoverify import register_generator as register


@register()
def full_rank(rng, m, n):
    """An m x n matrix with full column rank (singular values in [1, 3])."""
    U, _ = np.linalg.qr(rng.standard_normal((m, n)))
    V, _ = np.linalg.qr(rng.standard_normal((n, n)))
    return U @ np.diag(rng.uniform(1, 3, n)) @ V.T


@register()
def affine_residual(rng, A, b):
    A = np.asarray(A, float); b = np.asarray(b, float)
    def r(x):
        return A @ np.asarray(x, float) - b
    return r


@register()
def constant_jacobian(rng, A):
    A = np.asarray(A, float)
    def J(x):
        return A
    return J


def least_squares_solution(A, b):
    return np.linalg.lstsq(np.asarray(A, float), np.asarray(b, float), rcond=None)[0]
