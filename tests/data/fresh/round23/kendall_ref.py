import numpy as np


def kendall_tau_a(x, y):
    """tau_a = (concordant - discordant) / C(n, 2), by the matrix of sign products."""
    x = np.asarray(x, dtype=float)
    y = np.asarray(y, dtype=float)
    n = len(x)
    sx = np.sign(x[:, None] - x[None, :])
    sy = np.sign(y[:, None] - y[None, :])
    s = np.sum(np.triu(sx * sy, k=1))
    return s / (n * (n - 1) / 2)
