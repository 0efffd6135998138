import numpy as np


def product_limit(d, c, n):
    """Kaplan-Meier estimate at each event time, from the tabulated counts."""
    d = np.asarray(d, dtype=float)
    c = np.asarray(c, dtype=float)
    at_risk = n - np.concatenate([[0.0], np.cumsum(d + c)[:-1]])
    return np.cumprod(1.0 - d / at_risk)
