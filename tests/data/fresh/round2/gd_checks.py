import numpy as np
from algoverify import register_generator as register


@register()
def largest_eigenvalue(rng, A):
    return float(np.linalg.eigvalsh(np.asarray(A, dtype=float))[-1])


def gd_ref(A, b, x_0, L, T):
    A = np.asarray(A, dtype=float)
    b = np.asarray(b, dtype=float)
    x = np.asarray(x_0, dtype=float).copy()
    for _ in range(int(T)):
        x = x - (A @ x - b) / L
    return x
