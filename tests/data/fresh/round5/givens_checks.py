import numpy as np


def givens_qr(A):
    R = np.array(A, dtype=float)
    m, n = R.shape
    Q = np.eye(m)
    for j in range(n):
        for i in range(m - 1, j, -1):
            r = np.hypot(R[i - 1, j], R[i, j])
            if r != 0:
                c, s = R[i - 1, j] / r, R[i, j] / r
                G = np.array([[c, s], [-s, c]])
                R[[i - 1, i], :] = G @ R[[i - 1, i], :]
                Q[:, [i - 1, i]] = Q[:, [i - 1, i]] @ G.T
    return Q, R
