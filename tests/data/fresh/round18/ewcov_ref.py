import numpy as np


def ew_cov(x, y, lam):
    """Weighted covariance with the weights the recursion implies, computed directly."""
    x = np.asarray(x, dtype=float)
    y = np.asarray(y, dtype=float)
    mx, my, c = x[0], y[0], 0.0
    for t in range(1, len(x)):
        dx, dy = x[t] - mx, y[t] - my
        mx += (1 - lam) * dx
        my += (1 - lam) * dy
        c = lam * (c + (1 - lam) * dx * dy)
    return c
