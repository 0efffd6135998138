import numpy as np
from collections import deque


def count_shortest_paths(A, s):
    """sigma_t and d_t by an independent level-by-level count (d_t = -1 when unreachable)."""
    A = np.asarray(A)
    n = A.shape[0]
    d = [-1] * n
    sigma = [0] * n
    d[s - 1] = 0
    sigma[s - 1] = 1
    frontier = [s - 1]
    while frontier:
        nxt = set()
        for v in frontier:
            for w in range(n):
                if A[v, w] and d[w] in (-1, d[v] + 1):
                    if d[w] == -1:
                        d[w] = d[v] + 1
                        nxt.add(w)
        for w in sorted(nxt):
            sigma[w] = sum(sigma[v] for v in frontier if A[v, w])
        frontier = sorted(nxt)
    return np.array(sigma, dtype=float), np.array(d, dtype=float)
