import numpy as np


def cube_root(c, x_0, x_1, x_2, tau, K):
    return np.cbrt(c)
