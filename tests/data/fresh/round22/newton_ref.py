"""Reference for the Newton's identities note."""
import numpy as np


def elementary(x):
    c = np.poly(np.asarray(x, float))          # coefficients of prod (t - x_i), leading 1
    k = np.arange(c.size)
    return c * (-1.0) ** k                      # e_k = (-1)^k c_k
