"""Checks for prufer-code.md: a random labelled tree, a reference encoder and the decoder."""
import heapq

import numpy as np
from algoverify import register_generator as register


@register()
def random_tree(rng, n):
    """Adjacency matrix of a uniformly random labelled tree on 1..n (decoded from a random code)."""
    code = [int(x) for x in rng.integers(1, n + 1, size=n - 2)]
    return decode(code, n)


def decode(p, n=None):
    """Adjacency matrix of the tree whose Prüfer code is p (labels 1..n, n = len(p) + 2)."""
    p = [int(round(float(x))) for x in np.atleast_1d(p)]
    if n is None:
        n = len(p) + 2
    degree = [1] * (n + 1)
    for x in p:
        degree[x] += 1
    leaves = [v for v in range(1, n + 1) if degree[v] == 1]
    heapq.heapify(leaves)
    A = np.zeros((n, n))
    for x in p:
        leaf = heapq.heappop(leaves)
        A[leaf - 1, x - 1] = A[x - 1, leaf - 1] = 1
        degree[x] -= 1
        if degree[x] == 1:
            heapq.heappush(leaves, x)
    u, v = heapq.heappop(leaves), heapq.heappop(leaves)
    A[u - 1, v - 1] = A[v - 1, u - 1] = 1
    return A


def prufer_code(A):
    """The Prüfer code of the tree with adjacency matrix A, by the textbook rule."""
    A = np.array(A, dtype=float)
    n = A.shape[0]
    deg = A.sum(axis=0)
    code = []
    for _ in range(n - 2):
        leaf = min(v for v in range(n) if deg[v] == 1)
        nb = int(np.flatnonzero(A[leaf])[0])
        code.append(nb + 1)
        A[leaf, nb] = A[nb, leaf] = 0
        deg[leaf] = 0
        deg[nb] -= 1
    return np.array(code, dtype=float)


FUNCTIONS = {"decode": decode}
