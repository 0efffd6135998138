"""Reference and the matrix exponential for bdf2-linear-system.md (symmetric matrices only)."""

import numpy as np


def expm(M):
    """exp(M) for a symmetric M, through its eigendecomposition."""
    M = np.atleast_2d(np.asarray(M, float))
    w, V = np.linalg.eigh((M + M.T) / 2)
    return (V * np.exp(w)) @ V.T


def bdf2(A, y_0, h, N):
    A = np.atleast_2d(np.asarray(A, float))
    d = A.shape[0]
    I = np.eye(d)
    ys = [np.asarray(y_0, float), np.linalg.solve(I - h * A, y_0)]
    M = I - (2.0 / 3.0) * h * A
    for n in range(N - 1):
        ys.append(np.linalg.solve(M, (4.0 / 3.0) * ys[n + 1] - (1.0 / 3.0) * ys[n]))
    return ys[N]


FUNCTIONS = {"expm": expm}
