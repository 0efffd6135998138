import numpy as np


def scs_length_via_lcs(x, y):
    """m + n - |LCS(x, y)|, with the LCS length from the CLRS table."""
    x = list(np.asarray(x).ravel())
    y = list(np.asarray(y).ravel())
    m, n = len(x), len(y)
    L = [[0] * (n + 1) for _ in range(m + 1)]
    for i in range(1, m + 1):
        for j in range(1, n + 1):
            L[i][j] = L[i - 1][j - 1] + 1 if x[i - 1] == y[j - 1] else max(L[i - 1][j], L[i][j - 1])
    return m + n - L[m][n]
