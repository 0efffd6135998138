"""Reference for the Mantel-Haenszel note."""
import numpy as np


def mantel_haenszel(N):
    """Agresti (6.12): N has shape (2, 2, K), N[i-1, j-1, k-1] = n_{ijk}."""
    N = np.asarray(N, dtype=float)
    tot = N.sum(axis=(0, 1))
    return float(np.sum(N[0, 0] * N[1, 1] / tot) / np.sum(N[0, 1] * N[1, 0] / tot))
