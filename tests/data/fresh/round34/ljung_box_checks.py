import numpy as np


def ljung_box(x, h):
    """Q_LB = n (n + 2) sum_{k=1}^{h} rho(k)^2 / (n - k)."""
    x = np.asarray(x, float)
    n = len(x)
    d = x - x.mean()
    c0 = d @ d
    q = 0.0
    for k in range(1, int(h) + 1):
        rho = (d[k:] @ d[:-k]) / c0
        q += rho * rho / (n - k)
    return n * (n + 2) * q
