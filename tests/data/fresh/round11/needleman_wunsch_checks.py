import numpy as np


def nw_score(x, y, d):
    """Needleman-Wunsch score with match +1, mismatch -1, linear gap penalty d."""
    m, n = len(x), len(y)
    prev = [-j * d for j in range(n + 1)]
    for i in range(1, m + 1):
        cur = [-i * d] + [0.0] * n
        for j in range(1, n + 1):
            s = 1.0 if x[i - 1] == y[j - 1] else -1.0
            cur[j] = max(prev[j - 1] + s, prev[j] - d, cur[j - 1] - d)
        prev = cur
    return prev[n]
