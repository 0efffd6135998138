import heapq

import numpy as np
from algoverify import register_generator as register


@register(sizes=("n",))
def dag(rng, n):
    """Adjacency matrix of a random DAG on n vertices (a hidden random order, edges forward)."""
    order = rng.permutation(n)
    A = np.zeros((n, n))
    for x in range(n):
        for y in range(x + 1, n):
            if rng.random() < 0.4:
                A[order[x], order[y]] = 1.0
    return A


def kahn_smallest_first(A):
    A = np.asarray(A)
    n = A.shape[0]
    indeg = [int(A[:, v].sum()) for v in range(n)]
    heap = [v for v in range(n) if indeg[v] == 0]
    heapq.heapify(heap)
    out = []
    while heap:
        u = heapq.heappop(heap)
        out.append(u + 1)
        for v in range(n):
            if A[u, v] == 1:
                indeg[v] -= 1
                if indeg[v] == 0:
                    heapq.heappush(heap, v)
    return np.array(out)
