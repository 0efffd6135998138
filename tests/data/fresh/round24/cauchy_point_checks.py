import numpy as np


def model_minimiser_along_minus_g(g_k, B_k, Delta_k):
    """Minimise t -> m(-t g) = -t |g|^2 + t^2 g'Bg / 2 over 0 <= t <= Delta / |g|."""
    g = np.asarray(g_k, dtype=float)
    B = np.asarray(B_k, dtype=float)
    curvature = g @ B @ g
    norm_g = np.linalg.norm(g)
    t_max = Delta_k / norm_g
    t = t_max if curvature <= 0 else min(norm_g ** 2 / curvature, t_max)
    return -t * g
