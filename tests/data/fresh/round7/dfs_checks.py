import numpy as np
from algoverify import register_generator as register


@register()
def digraph(rng, n, p=0.3):
    """A random directed graph on n vertices without loops, as a 0/1 matrix."""
    A = (rng.random((n, n)) < p).astype(int)
    np.fill_diagonal(A, 0)
    return A


def dfs_times(A):
    A = np.asarray(A)
    n = A.shape[0]
    d = [0] * n
    f = [0] * n
    clock = [0]

    def visit(u):
        clock[0] += 1
        d[u] = clock[0]
        for v in range(n):
            if A[u, v] == 1 and d[v] == 0:
                visit(v)
        clock[0] += 1
        f[u] = clock[0]

    for u in range(n):
        if d[u] == 0:
            visit(u)
    return np.array(d), np.array(f)
