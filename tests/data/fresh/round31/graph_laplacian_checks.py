import numpy as np
from algoverify import register_generator as register


@register()
def graph(rng, n):
    """Adjacency matrix of a random simple undirected graph on n vertices."""
    upper = np.triu(rng.integers(0, 2, size=(n, n)), 1)
    return (upper + upper.T).astype(float)


def laplacian(A):
    A = np.asarray(A, dtype=float)
    return np.diag(A.sum(axis=1)) - A
