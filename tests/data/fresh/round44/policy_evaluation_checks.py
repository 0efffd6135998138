import numpy as np
from algoverify import register_generator as register


@register()
def stochastic(rng, n):
    """A random row-stochastic n x n matrix."""
    P = rng.random((n, n)) + 0.05
    return P / P.sum(axis=1, keepdims=True)


def v_pi(P, r, gamma, theta):
    P = np.asarray(P, float)
    n = P.shape[0]
    return np.linalg.solve(np.eye(n) - gamma * P, np.asarray(r, float))
