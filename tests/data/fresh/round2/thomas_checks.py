import numpy as np


def thomas_ref(a, b, c, d):
    """a = (a_2..a_n), b = (b_1..b_n), c = (c_1..c_{n-1}), d = (d_1..d_n)."""
    b = np.asarray(b, dtype=float)
    n = len(b)
    T = np.diag(b)
    if n > 1:
        T += np.diag(np.asarray(a, dtype=float), -1) + np.diag(np.asarray(c, dtype=float), 1)
    return np.linalg.solve(T, np.asarray(d, dtype=float))
