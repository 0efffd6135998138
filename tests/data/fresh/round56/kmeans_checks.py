"""Reference for the k-means note: Lloyd's iteration in NumPy (ESL Algorithm 14.1)."""
import numpy as np


def lloyd(x, m, T):
    X = np.asarray(x, dtype=float)
    M = np.array(m, dtype=float, copy=True)
    C = np.zeros(len(X), dtype=int)
    for _ in range(int(T)):
        d = ((X[:, None, :] - M[None, :, :]) ** 2).sum(axis=2)
        C = np.argmin(d, axis=1)
        for k in range(len(M)):
            members = X[C == k]
            if len(members) > 0:
                M[k] = members.sum(axis=0) / len(members)
    return M, C + 1          # clusters numbered from 1, as the listing numbers them
