from collections import deque

import numpy as np
from algoverify import register_generator as register


@register()
def connected_adjacency(rng, n):
    """Adjacency matrix (0/1 floats, symmetric, zero diagonal) of a random connected graph."""
    n = int(n)
    A = np.zeros((n, n))
    order = rng.permutation(n)
    for i in range(1, n):
        a, b = order[i], order[int(rng.integers(0, i))]
        A[a, b] = A[b, a] = 1.0
    for _ in range(int(rng.integers(0, n + 1))):
        a, b = rng.integers(0, n, size=2)
        if a != b:
            A[a, b] = A[b, a] = 1.0
    return A


def bfs_distances(A, s):
    A = np.asarray(A)
    n = A.shape[0]
    s = int(s) - 1
    d = [np.inf] * n
    d[s] = 0.0
    q = deque([s])
    while q:
        u = q.popleft()
        for v in range(n):
            if A[u, v] == 1 and d[v] == np.inf:
                d[v] = d[u] + 1
                q.append(v)
    return np.array(d)
