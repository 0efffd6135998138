import math


def richardson_reference(x, h, m):
    """Richardson table for the central difference of exp at x; returns T[m][m]."""
    T = [[0.0] * (m + 1) for _ in range(m + 1)]
    for i in range(m + 1):
        d = h / 2 ** i
        T[i][0] = (math.exp(x + d) - math.exp(x - d)) / (2 * d)
        for j in range(1, i + 1):
            T[i][j] = T[i][j - 1] + (T[i][j - 1] - T[i - 1][j - 1]) / (4 ** j - 1)
    return T[m][m]
