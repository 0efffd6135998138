import numpy as np


def hessenberg(A):
    A = np.array(A, dtype=float)
    n = A.shape[0]
    for k in range(n - 2):
        x = A[k + 1:, k].copy()
        s = 1.0 if x[0] >= 0 else -1.0
        v = x.copy()
        v[0] += s * np.linalg.norm(x)
        nv = np.linalg.norm(v)
        if nv > 0:
            v /= nv
            A[k + 1:, k:] -= 2.0 * np.outer(v, v @ A[k + 1:, k:])
            A[:, k + 1:] -= 2.0 * np.outer(A[:, k + 1:] @ v, v)
    return A
