import numpy as np


def hedge(L, eta):
    L = np.asarray(L, float)
    T, n = L.shape
    w = np.ones(n)
    total = 0.0
    for t in range(T):
        p = w / w.sum()
        total += p @ L[t]
        w = w * np.exp(-eta * L[t])
    return total, w / w.sum()
