"""Checks for k-core.md: random graphs and core numbers by peeling each level."""
import numpy as np
from algoverify import register_generator as register

from _rng import uniform


@register()
def random_graph(rng, n, p):
    """Adjacency matrix of an Erdős–Rényi graph G(n, p): symmetric 0/1, zero diagonal."""
    n = int(n)
    A = np.zeros((n, n))
    for u in range(n):
        for v in range(u + 1, n):
            if uniform(rng, 0.0, 1.0) < p:
                A[u, v] = A[v, u] = 1.0
    return A


def core_numbers(A):
    """core[v] = the largest k such that v survives the repeated deletion of vertices of degree < k."""
    A = np.asarray(A) != 0
    n = A.shape[0]
    core = [0] * n
    k = 0
    while True:
        alive = np.ones(n, dtype=bool)
        changed = True
        while changed:
            changed = False
            for v in range(n):
                if alive[v] and A[v, alive].sum() < k:
                    alive[v] = False
                    changed = True
        if not alive.any():
            break
        for v in range(n):
            if alive[v]:
                core[v] = k
        k += 1
    return core
