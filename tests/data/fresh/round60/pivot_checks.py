import numpy as np


def pivot(T, r, s):
    T = np.array(T, dtype=float)
    r, s = int(r) - 1, int(s) - 1
    T[r] = T[r] / T[r, s]
    for i in range(len(T)):
        if i != r:
            T[i] = T[i] - T[i, s] * T[r]
    return T
