import numpy as np


def pooled_t(x, y):
    x = np.asarray(x, dtype=float)
    y = np.asarray(y, dtype=float)
    m, n = len(x), len(y)
    sp2 = ((m - 1) * x.var(ddof=1) + (n - 1) * y.var(ddof=1)) / (m + n - 2)
    t = (x.mean() - y.mean()) / np.sqrt(sp2 * (1.0 / m + 1.0 / n))
    return t, m + n - 2
