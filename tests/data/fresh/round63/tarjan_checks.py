import numpy as np
from algoverify import register_generator as register


@register()
def digraph(rng, n):
    """A random directed graph on n vertices, no self-loops, as a 0/1 adjacency matrix."""
    A = (rng.random((n, n)) < 0.3).astype(int)
    np.fill_diagonal(A, 0)
    return A


def _reach(A):
    A = np.asarray(A).astype(bool)
    n = len(A)
    R = A | np.eye(n, dtype=bool)
    for k in range(n):
        R = R | (R[:, [k]] & R[[k], :])
    return R


def tarjan_reference(A):
    """Component labels in Tarjan's order (reverse topological) and their number."""
    A = np.asarray(A)
    n = len(A)
    num = [0] * n; low = [0] * n; on = [False] * n; comp = [0] * n
    S = []; t = 0; c = 0

    def visit(v):
        nonlocal t, c
        t += 1; num[v] = low[v] = t; S.append(v); on[v] = True
        for w in range(n):
            if A[v, w] == 1:
                if num[w] == 0:
                    visit(w); low[v] = min(low[v], low[w])
                elif on[w]:
                    low[v] = min(low[v], num[w])
        if low[v] == num[v]:
            c += 1
            while True:
                w = S.pop(); on[w] = False; comp[w] = c
                if w == v:
                    break

    for v in range(n):
        if num[v] == 0:
            visit(v)
    return np.array(comp), c


def partition_ok(A, comp):
    R = _reach(A)
    comp = np.asarray(comp)
    same = comp[:, None] == comp[None, :]
    return int(np.array_equal(same, R & R.T))


FUNCTIONS = {"partition_ok": partition_ok}
