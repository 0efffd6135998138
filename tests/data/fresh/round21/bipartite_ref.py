import numpy as np
from algoverify import register_generator as register


def is_bipartite(A):
    A = np.asarray(A)
    n = A.shape[0]
    col = [0] * n
    for s in range(n):
        if col[s]:
            continue
        col[s] = 1
        stack = [s]
        while stack:
            u = stack.pop()
            for v in range(n):
                if A[u, v]:
                    if col[v] == 0:
                        col[v] = -col[u]
                        stack.append(v)
                    elif col[v] == col[u]:
                        return False
    return True


def _symmetrise(U):
    U = np.triu(U, 1)
    return (U + U.T).astype(float)


@register()
def random_graph(rng, n, p):
    """Erdos-Renyi G(n, p) adjacency matrix."""
    n = int(n)
    return _symmetrise(rng.random((n, n)) < p)


@register()
def random_bipartite_graph(rng, n, p):
    """Random sides; each edge across the sides present with probability p."""
    n = int(n)
    side = rng.integers(0, 2, n)
    across = side[:, None] != side[None, :]
    return _symmetrise((rng.random((n, n)) < p) & across)


@register()
def graph_with_triangle(rng, n, p):
    """G(n, p) with a triangle planted on three random vertices."""
    n = int(n)
    U = np.triu(rng.random((n, n)) < p, 1)
    i, j, k = sorted(rng.choice(n, 3, replace=False))
    U[i, j] = U[i, k] = U[j, k] = True
    return _symmetrise(U)
