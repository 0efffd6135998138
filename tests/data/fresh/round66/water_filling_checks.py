"""Reference for the water-filling note: the water level by bisection."""
import numpy as np


def water_filling(alpha, P):
    """Boyd & Vandenberghe, Example 5.2: x_i = max(0, w - alpha_i) with sum x = P."""
    alpha = np.asarray(alpha, dtype=float)
    lo, hi = alpha.min(), alpha.max() + P
    for _ in range(200):
        w = (lo + hi) / 2
        if np.maximum(0.0, w - alpha).sum() > P:
            hi = w
        else:
            lo = w
    w = (lo + hi) / 2
    return np.maximum(0.0, w - alpha), w
