import numpy as np
from algoverify import register_generator as register


@register()
def times(rng, B, S):
    """Gradient differences of a quadratic with Hessian B: y_i = B s_i."""
    return np.asarray(B, dtype=float) @ np.asarray(S, dtype=float)


def bfgs_inverse_times_g(S, Y, g):
    S = np.asarray(S, dtype=float)
    Y = np.asarray(Y, dtype=float)
    n, m = S.shape
    H = (S[:, -1] @ Y[:, -1]) / (Y[:, -1] @ Y[:, -1]) * np.eye(n)
    for i in range(m):
        s, y = S[:, i], Y[:, i]
        rho = 1.0 / (y @ s)
        V = np.eye(n) - rho * np.outer(y, s)
        H = V.T @ H @ V + rho * np.outer(s, s)
    return H @ np.asarray(g, dtype=float)
