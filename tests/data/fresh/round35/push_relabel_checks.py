"""Reference and generator for the push–relabel note."""
from collections import deque

import numpy as np
from algoverify import register_generator as register


@register()
def capacities(rng, n):
    """Small integer capacities on random arcs, no loops (antiparallel arcs allowed)."""
    C = rng.integers(1, 6, size=(n, n)).astype(float)
    C[rng.random((n, n)) < 0.45] = 0.0
    np.fill_diagonal(C, 0.0)
    return C


def max_flow_value(C, s, t):
    """Edmonds–Karp on the capacity matrix (vertices numbered from 1)."""
    C = np.asarray(C, dtype=float)
    n = C.shape[0]
    s, t = int(s) - 1, int(t) - 1
    R = C.copy()
    flow = 0.0
    while True:
        parent = [-1] * n
        parent[s] = s
        q = deque([s])
        while q and parent[t] < 0:
            u = q.popleft()
            for v in range(n):
                if parent[v] < 0 and R[u, v] > 0:
                    parent[v] = u
                    q.append(v)
        if parent[t] < 0:
            return flow
        v, b = t, np.inf
        while v != s:
            b = min(b, R[parent[v], v])
            v = parent[v]
        v = t
        while v != s:
            R[parent[v], v] -= b
            R[v, parent[v]] += b
            v = parent[v]
        flow += b
