import numpy as np


def batch_posterior(x, a, b):
    n1 = float(np.sum(x))
    n0 = len(x) - n1
    return a + n1, b + n0, (a + n1) / (a + b + len(x))
