import numpy as np
from algoverify import register_generator as register


def hits_closed_form(A, k):
    A = np.asarray(A, dtype=float)
    n = A.shape[0]
    x = A.T @ np.ones(n)
    for _ in range(k - 1):
        x = A.T @ (A @ x)
    y = np.ones(n)
    for _ in range(k):
        y = A @ (A.T @ y)
    return x / np.linalg.norm(x), y / np.linalg.norm(y)


@register()
def digraph(rng, n):
    A = (rng.uniform(0, 1, (n, n)) < 0.4).astype(float)
    np.fill_diagonal(A, 0.0)
    if A.sum() == 0:
        A[0, 1] = 1.0
    return A
