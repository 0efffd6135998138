import numpy as np
from algoverify import register_generator as register


@register()
def graph(rng, n):
    U = np.triu((rng.random((n, n)) < 0.4).astype(float), 1)
    return U + U.T


def katz(A, alpha, beta):
    n = A.shape[0]
    return beta * np.linalg.solve(np.eye(n) - alpha * A, np.ones(n))
