import numpy as np
from algoverify import register_generator as register


@register()
def random_tree(rng, n):
    """Adjacency matrix of a random labelled tree on n vertices (random parent of each vertex)."""
    A = np.zeros((n, n))
    order = rng.permutation(n)
    for k in range(1, n):
        v = order[k]
        u = order[rng.integers(0, k)]
        A[u, v] = A[v, u] = 1
    return A


@register()
def path_graph(rng, n):
    A = np.zeros((n, n))
    for i in range(n - 1):
        A[i, i + 1] = A[i + 1, i] = 1
    return A


def _all_pairs(A):
    A = np.asarray(A)
    n = len(A)
    D = np.where(A > 0, 1.0, np.inf)
    np.fill_diagonal(D, 0.0)
    for k in range(n):
        D = np.minimum(D, D[:, [k]] + D[[k], :])
    return D


def diameter_all_pairs(A):
    return int(_all_pairs(A).max())


def dist(A, u, v):
    return _all_pairs(A)[int(u) - 1, int(v) - 1]


FUNCTIONS = {"dist": dist}
