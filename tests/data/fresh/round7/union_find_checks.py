import numpy as np
from algoverify import register_generator as register


@register()
def graph(rng, n, p=0.3):
    """A random simple undirected graph on n vertices, as a 0/1 adjacency matrix."""
    upper = np.triu((rng.random((n, n)) < p).astype(int), 1)
    return upper + upper.T


def components_bfs(A):
    A = np.asarray(A)
    n = A.shape[0]
    seen = [False] * n
    count = 0
    for s in range(n):
        if seen[s]:
            continue
        count += 1
        seen[s] = True
        stack = [s]
        while stack:
            u = stack.pop()
            for v in range(n):
                if A[u, v] and not seen[v]:
                    seen[v] = True
                    stack.append(v)
    return count
