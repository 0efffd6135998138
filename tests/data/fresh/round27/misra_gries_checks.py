import numpy as np


def misra_gries(a, k, u):
    a = [int(v) for v in np.asarray(a).ravel()]
    c = [0] * (u + 1)
    for x in a:
        if c[x] > 0:
            c[x] += 1
        elif sum(1 for y in range(1, u + 1) if c[y] > 0) < k - 1:
            c[x] = 1
        else:
            for y in range(1, u + 1):
                if c[y] > 0:
                    c[y] -= 1
    return np.array(c[1:], dtype=float)
