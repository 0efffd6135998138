"""Reference for size_plus_one.md: NumPy evaluates the polynomial, highest degree first."""

import numpy as np


def value(c, x):
    return float(np.polyval(np.asarray(c)[::-1], x))
