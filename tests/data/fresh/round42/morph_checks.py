import numpy as np


def dilate_erode(A):
    A = np.asarray(A).astype(int)
    M, N = A.shape
    P0 = np.zeros((M + 2, N + 2), dtype=int)
    P0[1:-1, 1:-1] = A
    D = np.zeros_like(A)
    E = np.ones_like(A)
    for dx in (-1, 0, 1):
        for dy in (-1, 0, 1):
            W = P0[1 + dx:1 + dx + M, 1 + dy:1 + dy + N]
            D = np.maximum(D, W)
            E = np.minimum(E, W)
    return D, E
