import numpy as np


def shift_table(p, sigma):
    p = [int(v) for v in np.asarray(p).ravel()]
    m = len(p)
    d = [m] * int(sigma)
    for j in range(m - 1):          # 0-based j: positions 1..m-1
        d[p[j] - 1] = m - 1 - j
    return np.array(d)
