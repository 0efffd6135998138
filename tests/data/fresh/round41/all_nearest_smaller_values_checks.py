import numpy as np


def nearest_smaller_left(a):
    a = list(np.asarray(a).ravel())
    L = []
    for i in range(len(a)):
        L.append(next((j + 1 for j in range(i - 1, -1, -1) if a[j] < a[i]), 0))
    return np.array(L, dtype=float)
