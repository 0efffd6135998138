import numpy as np
from algoverify import register_generator as register


def _is_graph(value, n):
    A = np.asarray(value)
    return (A.shape == (int(n), int(n)) and np.all((A == 0) | (A == 1))
            and np.array_equal(A, A.T) and not np.any(np.diag(A)))


@register(contains=_is_graph)
def graph(rng, n):
    """The adjacency matrix of a random simple graph (edge probability drawn too)."""
    n = int(n)
    p = rng.uniform(0.1, 0.9)
    upper = np.triu(rng.random((n, n)) < p, k=1)
    return (upper | upper.T).astype(int)


def first_fit(A):
    A = np.asarray(A)
    n = A.shape[0]
    c = np.zeros(n, dtype=int)
    for v in range(n):
        used = {c[u] for u in range(v) if A[u, v] == 1}
        k = 1
        while k in used:
            k += 1
        c[v] = k
    return c
