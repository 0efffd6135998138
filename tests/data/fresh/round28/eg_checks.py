import numpy as np
from algoverify import register_generator as register


@register()
def psd(rng, n):
    """A symmetric positive semidefinite n x n matrix of rank at most n (M M^T)."""
    M = rng.standard_normal((int(n), int(n)))
    return M @ M.T


def eg_reference(Q, c, x_of_0, eta, K):
    Q = np.atleast_2d(np.asarray(Q, float)); c = np.asarray(c, float)
    x = np.asarray(x_of_0, float).copy()
    for _ in range(int(K)):
        w = x * np.exp(-eta * (Q @ x + c))
        x = w / w.sum()
    return x
