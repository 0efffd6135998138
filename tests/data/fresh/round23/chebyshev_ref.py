import numpy as np
from algoverify import register_generator


@register_generator()
def lowest_eigenvalue(rng, A):
    """The smallest eigenvalue of the symmetric matrix A: the tightest lower bound."""
    return float(np.linalg.eigvalsh(np.asarray(A, dtype=float))[0])


@register_generator()
def highest_eigenvalue(rng, A):
    """The largest eigenvalue of A: the tightest upper bound."""
    return float(np.linalg.eigvalsh(np.asarray(A, dtype=float))[-1])


def chebyshev_saad(A, b, x_0, K, lam_min, lam_max):
    """Saad, Algorithm 12.1: x_{k+1} = x_k + d_k, with rho_k and sigma_1 = theta / delta."""
    A = np.asarray(A, dtype=float)
    b = np.asarray(b, dtype=float)
    x = np.asarray(x_0, dtype=float).copy()
    theta = (lam_max + lam_min) / 2
    delta = (lam_max - lam_min) / 2
    r = b - A @ x
    if delta == 0:
        for _ in range(int(K)):
            x = x + r / theta
            r = b - A @ x
        return x
    sigma = theta / delta
    rho = 1 / sigma
    d = r / theta
    for _ in range(int(K)):
        x = x + d
        r = r - A @ d
        rho_new = 1 / (2 * sigma - rho)
        d = rho_new * rho * d + 2 * rho_new / delta * r
        rho = rho_new
    return x
