import numpy as np
from algoverify import register_generator as register


@register()
def generic(rng, n):
    """A dense Gaussian matrix: with probability one, no Krylov breakdown before step n."""
    return rng.standard_normal((int(n), int(n)))


def arnoldi(A, b, k):
    A = np.asarray(A, dtype=float)
    b = np.asarray(b, dtype=float)
    n = A.shape[0]
    k = int(k)
    Q = np.zeros((n, k + 1))
    H = np.zeros((k + 1, k))
    Q[:, 0] = b / np.linalg.norm(b)
    for j in range(k):
        w = A @ Q[:, j]
        for i in range(j + 1):
            H[i, j] = Q[:, i] @ w
            w = w - H[i, j] * Q[:, i]
        H[j + 1, j] = np.linalg.norm(w)
        Q[:, j + 1] = w / H[j + 1, j]
    return Q, H
