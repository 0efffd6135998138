import numpy as np


def bilinear_reference(I, u, v):
    I = np.atleast_2d(np.asarray(I, float))
    m, n = I.shape
    i = min(int(np.floor(u)), m - 1)   # 1-based, as the note
    j = min(int(np.floor(v)), n - 1)
    a, b = u - i, v - j
    i0, j0 = i - 1, j - 1
    return ((1 - a) * (1 - b) * I[i0, j0] + a * (1 - b) * I[i0 + 1, j0]
            + (1 - a) * b * I[i0, j0 + 1] + a * b * I[i0 + 1, j0 + 1])
