import numpy as np


def chebval(c, x):
    return float(np.polynomial.chebyshev.chebval(x, np.asarray(c, dtype=float)))
