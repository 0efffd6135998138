import numpy as np
from algoverify import register_generator as register


def heun_closed_form(A, y_0, h, N):
    A = np.asarray(A, dtype=float)
    n = A.shape[0]
    M = np.eye(n) + h * A + 0.5 * h * h * (A @ A)
    return np.linalg.matrix_power(M, int(N)) @ np.asarray(y_0, dtype=float)


@register()
def skew(rng, n):
    """A random skew-symmetric n x n matrix."""
    B = rng.standard_normal((n, n))
    return B - B.T
