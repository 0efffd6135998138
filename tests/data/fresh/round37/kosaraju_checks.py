"""Checks for the strongly-connected-components note."""

import numpy as np
from algoverify import register_generator as register


def reach(A):
    """Reflexive-transitive closure: r[u, v] = 1 when v is reachable from u (u reaches itself)."""
    A = np.asarray(A)
    n = A.shape[0]
    R = (A != 0).astype(int) | np.eye(n, dtype=int)
    for k in range(n):
        R = R | (R[:, [k]] & R[[k], :])
    return R


def kosaraju_labels(A):
    """Textbook Kosaraju, vertices in increasing order, components numbered 1, 2, ... in discovery order."""
    A = np.asarray(A)
    n = A.shape[0]
    seen = [False] * n
    order = []

    def visit(u):
        seen[u] = True
        for v in range(n):
            if A[u, v] and not seen[v]:
                visit(v)
        order.append(u)

    for u in range(n):
        if not seen[u]:
            visit(u)
    comp = [0] * n

    def assign(v, c):
        comp[v] = c
        for u in range(n):
            if A[u, v] and comp[u] == 0:
                assign(u, c)

    c = 0
    for v in reversed(order):
        if comp[v] == 0:
            c += 1
            assign(v, c)
    return np.array(comp)


FUNCTIONS = {"reach": reach}


@register()
def digraph(rng, n):
    """A random directed graph without self-loops, as a 0/1 adjacency matrix."""
    p = rng.uniform(0.1, 0.5)
    A = (rng.uniform(size=(n, n)) < p).astype(int)
    np.fill_diagonal(A, 0)
    return A
