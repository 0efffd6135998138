"""Reference for broyden-linear-termination.md: the same iteration in NumPy."""

import numpy as np


def broyden(A, b, x_0, B_0, tau):
    A = np.asarray(A, float); b = np.asarray(b, float)
    x = np.asarray(x_0, float).copy(); B = np.asarray(B_0, float).copy()
    n = len(b)
    r = lambda z: A @ z - b
    k = 0
    while np.linalg.norm(r(x)) > tau and k < 2 * n:
        p = -np.linalg.solve(B, r(x))
        x_new = x + p
        s = x_new - x
        y = r(x_new) - r(x)
        B = B + np.outer(y - B @ s, s) / (s @ s)
        x = x_new
        k += 1
    return x
