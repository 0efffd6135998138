import heapq

import numpy as np
from algoverify import register_generator as register


@register()
def random_digraph(rng, n, p=0.4):
    """n x n weight matrix: w_uv uniform in [0, 10) with probability p, else inf; w_uu = 0."""
    n = int(n)
    W = np.where(rng.random((n, n)) < p, rng.uniform(0, 10, (n, n)), np.inf)
    np.fill_diagonal(W, 0.0)
    return W


def dijkstra_reference(W, s):
    W = np.asarray(W, dtype=float)
    n = W.shape[0]
    s = int(s) - 1
    d = np.full(n, np.inf)
    d[s] = 0.0
    heap = [(0.0, s)]
    done = set()
    while heap:
        du, u = heapq.heappop(heap)
        if u in done:
            continue
        done.add(u)
        for v in range(n):
            if np.isfinite(W[u, v]) and du + W[u, v] < d[v]:
                d[v] = du + W[u, v]
                heapq.heappush(heap, (d[v], v))
    return d
