import numpy as np


def smith_waterman(a, b, p, q, g):
    a = list(np.asarray(a).ravel())
    b = list(np.asarray(b).ravel())
    m, n = len(a), len(b)
    H = np.zeros((m + 1, n + 1))
    best = 0
    for i in range(1, m + 1):
        for j in range(1, n + 1):
            s = p if a[i - 1] == b[j - 1] else -q
            H[i, j] = max(0, H[i - 1, j - 1] + s, H[i - 1, j] - g, H[i, j - 1] - g)
            best = max(best, H[i, j])
    return best
