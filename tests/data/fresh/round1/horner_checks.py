import numpy as np


def poly_value(a, x):
    return float(np.polynomial.polynomial.polyval(x, np.asarray(a, dtype=float)))
