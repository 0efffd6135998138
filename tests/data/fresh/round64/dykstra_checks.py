import numpy as np


def clip(u, lo, hi):
    return np.clip(np.asarray(u, dtype=float), lo, hi)


FUNCTIONS = {"clip": clip}


def project_intersection(z, a, beta, K):
    """Projection onto {a.x <= beta} ∩ [0,1]^n via bisection on the multiplier."""
    z = np.asarray(z, float)
    a = np.asarray(a, float)
    x = np.clip(z, 0, 1)
    if a @ x <= beta:
        return x
    lo, hi = 0.0, 1.0
    while a @ np.clip(z - hi * a, 0, 1) > beta:
        hi *= 2
    for _ in range(200):
        mid = (lo + hi) / 2
        if a @ np.clip(z - mid * a, 0, 1) > beta:
            lo = mid
        else:
            hi = mid
    return np.clip(z - hi * a, 0, 1)
