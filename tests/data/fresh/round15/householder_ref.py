import numpy as np


def reflect(x, z):
    """F z with F = I - 2 v v^T / (v^T v), v = sign(x_1) ||x|| e_1 + x and sign(0) = 1."""
    x = np.asarray(x, dtype=float)
    z = np.asarray(z, dtype=float)
    s = 1.0 if x[0] >= 0 else -1.0
    v = x.copy()
    v[0] += s * np.linalg.norm(x)
    F = np.eye(len(x)) - 2.0 * np.outer(v, v) / (v @ v)
    return F @ z
