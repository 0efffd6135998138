import numpy as np


def boxcar_cascade_decimated(x, R, N):
    x = np.asarray(x, dtype=float)
    h = np.array([1.0])
    for _ in range(int(N)):
        h = np.convolve(h, np.ones(int(R)))
    w = np.convolve(x, h)[: len(x)]
    return w[int(R) - 1 :: int(R)]
