import numpy as np
from algoverify import register_generator as register


@register()
def eulerian_graph(rng, n):
    """A connected simple graph on n vertices with every degree even:
    a Hamiltonian cycle plus some edge-disjoint triangles."""
    n = int(n)
    A = np.zeros((n, n), dtype=int)
    perm = rng.permutation(n)
    for t in range(n):
        u, v = perm[t], perm[(t + 1) % n]
        A[u, v] = A[v, u] = 1
    for _ in range(int(rng.integers(0, n + 1))):
        a, b, c = rng.choice(n, size=3, replace=False)
        if A[a, b] or A[b, c] or A[a, c]:
            continue
        A[a, b] = A[b, a] = A[b, c] = A[c, b] = A[a, c] = A[c, a] = 1
    return A


def is_euler_circuit(A, c, s):
    """1 when c (1-based vertices) is a closed walk from s using every edge of A once."""
    A = np.array(A, dtype=int)
    c = [int(v) for v in np.ravel(c)]
    if not c or c[0] != s or c[-1] != s:
        return 0
    used = np.zeros_like(A)
    for u, v in zip(c, c[1:]):
        if A[u - 1, v - 1] != 1 or used[u - 1, v - 1]:
            return 0
        used[u - 1, v - 1] = used[v - 1, u - 1] = 1
    return int((used == A).all())


FUNCTIONS = {"is_euler_circuit": is_euler_circuit}
