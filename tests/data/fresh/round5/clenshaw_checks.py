import numpy as np


def chebyshev_value(c, x):
    return float(np.polynomial.chebyshev.chebval(x, np.asarray(c, dtype=float)))
