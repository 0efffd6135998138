import numpy as np


def sort_decreasing(step):
    step["u"] = np.sort(np.asarray(step["y"], float))[::-1].copy()


BINDINGS = {"sort": sort_decreasing}


def project(y):
    """Projection by bisection on the threshold (independent of the sort-based formula)."""
    y = np.asarray(y, float)
    lo, hi = y.min() - 1.0, y.max()
    for _ in range(200):
        mid = 0.5 * (lo + hi)
        if np.maximum(y - mid, 0).sum() > 1:
            lo = mid
        else:
            hi = mid
    theta = 0.5 * (lo + hi)
    return np.maximum(y - theta, 0)
