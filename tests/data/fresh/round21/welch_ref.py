import numpy as np


def welch(x, y):
    x = np.asarray(x, dtype=float)
    y = np.asarray(y, dtype=float)
    m, n = len(x), len(y)
    vx = x.var(ddof=1) / m
    vy = y.var(ddof=1) / n
    t = (x.mean() - y.mean()) / np.sqrt(vx + vy)
    nu = (vx + vy) ** 2 / (vx ** 2 / (m - 1) + vy ** 2 / (n - 1))
    return t, nu
