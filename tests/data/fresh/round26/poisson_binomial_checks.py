import numpy as np


def poisson_binomial(p):
    q = np.array([1.0])
    for pi in np.asarray(p, dtype=float):
        q = np.convolve(q, [1 - pi, pi])
    return q
