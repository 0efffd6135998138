import numpy as np


def _hbeta(d, beta):
    P = np.exp(-beta * d)
    s = P.sum()
    return np.log(s) + beta * np.sum(d * P) / s, P / s


def x2p_row(d, Perp, epsilon):
    """The inner loop of van der Maaten's x2p for one point (natural logarithms)."""
    d = np.asarray(d, dtype=float)
    beta, lo, hi = 1.0, -np.inf, np.inf
    logU = np.log(Perp)
    H, p = _hbeta(d, beta)
    t = 0
    while abs(H - logU) > epsilon and t < 50:
        if H > logU:
            lo = beta
            beta = 2 * beta if hi == np.inf else (beta + hi) / 2
        else:
            hi = beta
            beta = beta / 2 if lo == -np.inf else (beta + lo) / 2
        H, p = _hbeta(d, beta)
        t += 1
    return p, beta
