import numpy as np


def stirling_table(N):
    """(N+1) x (N+1) table of unsigned Stirling numbers of the first kind, from the rising factorial."""
    C = np.zeros((N + 1, N + 1))
    for n in range(N + 1):
        poly = np.array([1.0])          # coefficients, lowest degree first
        for i in range(n):
            poly = np.convolve(poly, [float(i), 1.0])   # multiply by (x + i)
        C[n, : n + 1] = poly
    return C
