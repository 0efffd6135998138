import numpy as np


def sobel_magnitude(f):
    f = np.asarray(f, float)
    M, N = f.shape
    g = np.zeros((M, N))
    wx = np.array([[-1, -2, -1], [0, 0, 0], [1, 2, 1]], float)
    wy = wx.T
    for x in range(1, M - 1):
        for y in range(1, N - 1):
            z = f[x - 1:x + 2, y - 1:y + 2]
            g[x, y] = abs((wx * z).sum()) + abs((wy * z).sum())
    return g
