import numpy as np
from algoverify import register_generator as register


@register()
def connected_graph(rng, n):
    """A random connected undirected graph: a random spanning tree plus random extra edges."""
    n = int(n)
    A = np.zeros((n, n))
    order = rng.permutation(n)
    for k in range(1, n):
        u = order[k]
        v = order[int(rng.integers(0, k))]
        A[u, v] = A[v, u] = 1
    extra = rng.random((n, n)) < rng.uniform(0, 0.5)
    extra = np.triu(extra, 1)
    A = np.maximum(A, extra + extra.T)
    np.fill_diagonal(A, 0)
    return A


def closeness(A):
    A = np.asarray(A)
    n = A.shape[0]
    D = np.where(A > 0, 1.0, np.inf)
    np.fill_diagonal(D, 0.0)
    for k in range(n):
        D = np.minimum(D, D[:, [k]] + D[[k], :])
    return (n - 1) / D.sum(axis=1)
