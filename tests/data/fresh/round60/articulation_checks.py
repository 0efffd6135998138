import numpy as np
from algoverify import register_generator as register


@register()
def undirected_graph(rng, n):
    """A random simple undirected graph on n vertices, as a 0/1 symmetric matrix."""
    p = rng.uniform(0.2, 0.7)
    upper = np.triu((rng.random((n, n)) < p).astype(int), 1)
    return upper + upper.T


def _components(A, removed):
    n = len(A)
    seen = set(removed)
    count = 0
    for s in range(n):
        if s in seen:
            continue
        count += 1
        stack = [s]
        seen.add(s)
        while stack:
            u = stack.pop()
            for v in range(n):
                if A[u][v] and v not in seen:
                    seen.add(v)
                    stack.append(v)
    return count


def cut_vertices(A):
    A = np.asarray(A)
    n = len(A)
    base = _components(A, [])
    return np.array([1 if _components(A, [u]) > base else 0 for u in range(n)])
