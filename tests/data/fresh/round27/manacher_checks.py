import numpy as np


def radii_by_expansion(s):
    s = list(np.asarray(s).tolist())
    n = len(s)
    d = []
    for i in range(n):
        k = 1
        while i - k >= 0 and i + k < n and s[i - k] == s[i + k]:
            k += 1
        d.append(k)
    return np.array(d, dtype=float)
