"""Reference and helper for the Arnoldi note."""
import numpy as np


def arnoldi(A, b, N):
    A = np.asarray(A, dtype=float)
    b = np.asarray(b, dtype=float)
    N = int(N)
    m = len(b)
    Q = np.zeros((m, N + 1))
    H = np.zeros((N + 1, N))
    Q[:, 0] = b / np.linalg.norm(b)
    for n in range(N):
        v = A @ Q[:, n]
        for j in range(n + 1):
            H[j, n] = Q[:, j] @ v
            v = v - H[j, n] * Q[:, j]
        H[n + 1, n] = np.linalg.norm(v)
        Q[:, n + 1] = v / H[n + 1, n]
    return Q, H


def grade(A, b):
    """Dimension of the Krylov space of b with respect to A (numerical rank, tolerance 1e-8)."""
    A = np.asarray(A, dtype=float)
    b = np.asarray(b, dtype=float)
    m = len(b)
    K = np.zeros((m, m))
    v = b.copy()
    for j in range(m):
        nv = np.linalg.norm(v)
        K[:, j] = v / nv if nv > 0 else v
        v = A @ K[:, j]
    if np.linalg.norm(b) == 0:
        return 0
    s = np.linalg.svd(K, compute_uv=False)
    return int(np.sum(s > 1e-8 * s[0]))


FUNCTIONS = {"grade": grade}
