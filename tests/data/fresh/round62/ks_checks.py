import numpy as np


def karplus_strong(b, T):
    buf = np.array(b, dtype=float).copy()
    p = len(buf)
    y = np.empty(int(T))
    i = 0
    for t in range(int(T)):
        y[t] = buf[i]
        buf[i] = 0.5 * (buf[i] + buf[(i + 1) % p])
        i = (i + 1) % p
    return y
