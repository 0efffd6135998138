import numpy as np


def f(x):
    return np.arctan(x)


def f_prime(x):
    return 1.0 / (1.0 + x * x)


FUNCTIONS = {"f": f, "f_prime": f_prime}


def root(x_0, tau):
    return 0.0
