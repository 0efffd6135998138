"""Checks for the natural-spline note: increasing nodes, and a dense reference."""

import numpy as np
from algoverify import register_generator as register


@register()
def nodes(rng, n):
    """n + 1 increasing nodes with gaps in [0.2, 2]."""
    gaps = rng.uniform(0.2, 2.0, n)
    start = rng.uniform(-5.0, 5.0)
    return start + np.concatenate([[0.0], np.cumsum(gaps)])


def natural_spline(x, a):
    """b, c, d of the natural cubic spline, with c solved densely (c has n + 1 entries, c_n = 0)."""
    x = np.asarray(x, dtype=float)
    a = np.asarray(a, dtype=float)
    n = x.size - 1
    h = np.diff(x)
    A = np.zeros((n + 1, n + 1))
    rhs = np.zeros(n + 1)
    A[0, 0] = 1.0
    A[n, n] = 1.0
    for i in range(1, n):
        A[i, i - 1] = h[i - 1]
        A[i, i] = 2 * (h[i - 1] + h[i])
        A[i, i + 1] = h[i]
        rhs[i] = 3 / h[i] * (a[i + 1] - a[i]) - 3 / h[i - 1] * (a[i] - a[i - 1])
    c = np.linalg.solve(A, rhs)
    b = (a[1:] - a[:-1]) / h - h * (c[1:] + 2 * c[:-1]) / 3
    d = (c[1:] - c[:-1]) / (3 * h)
    return b, c, d
