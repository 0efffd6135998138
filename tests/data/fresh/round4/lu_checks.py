import numpy as np


def lu_partial_pivoting(A):
    U = np.array(A, dtype=float).copy()
    n = U.shape[0]
    L = np.eye(n)
    P = np.eye(n)
    for k in range(n - 1):
        p = k + int(np.argmax(np.abs(U[k:, k])))
        U[[k, p], k:] = U[[p, k], k:]
        L[[k, p], :k] = L[[p, k], :k]
        P[[k, p], :] = P[[p, k], :]
        for i in range(k + 1, n):
            L[i, k] = U[i, k] / U[k, k]
            U[i, k:] -= L[i, k] * U[k, k:]
    return L, U, P
