import numpy as np


def lu_by_elimination(A):
    """Gaussian elimination without pivoting (outer-product form), returning L and U."""
    U = np.array(A, dtype=float)
    n = U.shape[0]
    L = np.eye(n)
    for k in range(n - 1):
        L[k + 1:, k] = U[k + 1:, k] / U[k, k]
        U[k + 1:, k:] -= np.outer(L[k + 1:, k], U[k, k:])
    return L, np.triu(U)
