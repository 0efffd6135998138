import numpy as np


def _edit(a, b):
    D = np.zeros((len(a) + 1, len(b) + 1), dtype=int)
    D[:, 0] = np.arange(len(a) + 1)
    D[0, :] = np.arange(len(b) + 1)
    for i in range(1, len(a) + 1):
        for j in range(1, len(b) + 1):
            D[i, j] = min(D[i - 1, j - 1] + (a[i - 1] != b[j - 1]), D[i - 1, j] + 1, D[i, j - 1] + 1)
    return D[-1, -1]


def approximate_occurrences(P, T, k):
    """End positions j (1-based) such that some substring T[s..j] (possibly empty) is within k of P."""
    P = list(P)
    T = list(T)
    n = len(T)
    occ = set()
    for j in range(1, n + 1):
        best = min(_edit(P, T[s:j]) for s in range(0, j + 1))
        if best <= k:
            occ.add(j)
    return occ
