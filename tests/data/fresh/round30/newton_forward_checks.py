import numpy as np


def lagrange_value(x_0, h, f, x):
    """The interpolating polynomial through (x_0 + i h, f_i), i = 0..n, in Lagrange form, at x."""
    f = np.asarray(f, dtype=float)
    n = len(f) - 1
    nodes = x_0 + h * np.arange(n + 1)
    total = 0.0
    for i in range(n + 1):
        li = 1.0
        for j in range(n + 1):
            if j != i:
                li *= (x - nodes[j]) / (nodes[i] - nodes[j])
        total += f[i] * li
    return total
