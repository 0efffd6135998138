import numpy as np


def savgol_smoothing_coefficients(M, N):
    """First row of the pseudo-inverse of the Vandermonde matrix on -M..M."""
    n = np.arange(-M, M + 1, dtype=float)
    A = np.vander(n, N + 1, increasing=True)
    return np.linalg.pinv(A)[0]
