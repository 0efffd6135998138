import numpy as np


def _assemble(a, b, c):
    a = np.asarray(a, dtype=float)
    n = len(a)
    T = np.diag(a)
    if n > 1:
        T += np.diag(np.asarray(b, dtype=float), -1) + np.diag(np.asarray(c, dtype=float), 1)
    return T


def tridiagonal_lu(a, b, c):
    """Doolittle LU without pivoting of the assembled matrix; returns (l_2..l_n, u_1..u_n)."""
    T = _assemble(a, b, c)
    n = T.shape[0]
    U = T.copy()
    L = np.eye(n)
    for k in range(n - 1):
        for i in range(k + 1, n):
            L[i, k] = U[i, k] / U[k, k]
            U[i, k:] -= L[i, k] * U[k, k:]
    return np.diag(L, -1).copy(), np.diag(U).copy()


def tridet(a, b, c):
    return float(np.linalg.det(_assemble(a, b, c)))


FUNCTIONS = {"tridet": tridet}
