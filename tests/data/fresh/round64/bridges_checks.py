import numpy as np
from algoverify import register_generator as register


@register()
def graph(rng, n):
    """A random simple undirected graph on n vertices, as a 0/1 adjacency matrix."""
    p = rng.uniform(0.1, 0.7)
    upper = np.triu(rng.random((n, n)) < p, 1)
    return (upper | upper.T).astype(int)


def _components(A):
    n = len(A)
    seen = [False] * n
    k = 0
    for s in range(n):
        if seen[s]:
            continue
        k += 1
        stack = [s]
        seen[s] = True
        while stack:
            u = stack.pop()
            for w in range(n):
                if A[u][w] and not seen[w]:
                    seen[w] = True
                    stack.append(w)
    return k


def count_bridges(A):
    """Brute force: an edge is a bridge if removing it adds a component."""
    A = np.array(A, dtype=int)
    n = len(A)
    base = _components(A)
    c = 0
    for u in range(n):
        for w in range(u + 1, n):
            if A[u, w]:
                B = A.copy()
                B[u, w] = B[w, u] = 0
                if _components(B) > base:
                    c += 1
    return c
