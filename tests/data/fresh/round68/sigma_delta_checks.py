import numpy as np


def mod1(u):
    x = 0.0
    v = []
    for un in np.asarray(u, dtype=float):
        vn = 1.0 if x >= 0 else -1.0
        v.append(vn)
        x = x + un - vn
    return np.array(v)
