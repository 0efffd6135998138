import itertools

import numpy as np


def lps_brute_force(a):
    """Longest palindromic subsequence by trying every subsequence (small n only)."""
    a = [int(x) for x in np.asarray(a).ravel()]
    n = len(a)
    for r in range(n, 0, -1):
        for c in itertools.combinations(a, r):
            if list(c) == list(c)[::-1]:
                return r
    return 0


def lcs_with_reversal(a):
    a = [int(x) for x in np.asarray(a).ravel()]
    b = a[::-1]
    n = len(a)
    C = [[0] * (n + 1) for _ in range(n + 1)]
    for i in range(1, n + 1):
        for j in range(1, n + 1):
            C[i][j] = C[i - 1][j - 1] + 1 if a[i - 1] == b[j - 1] else max(C[i - 1][j], C[i][j - 1])
    return C[n][n]
