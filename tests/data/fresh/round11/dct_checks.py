import numpy as np


def dct2(x):
    """Unnormalised DCT-II, as a matrix-vector product."""
    x = np.asarray(x, dtype=float)
    N = len(x)
    n = np.arange(N)
    C = np.cos(np.pi / N * np.outer(n, n + 0.5))   # C[k, n]
    return C @ x
