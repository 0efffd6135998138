"""Reference for the Hermite note: numpy's physicists' Hermite series."""
import numpy as np
from numpy.polynomial import hermite


def hermite_h(n, x):
    c = np.zeros(int(n) + 1)
    c[-1] = 1.0
    return float(hermite.hermval(x, c))
