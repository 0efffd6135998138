"""Reference scalar Kalman filter for kalman-random-walk.md."""
import numpy as np


def kalman_scalar(y, q, r, m_0, P_0):
    y = np.atleast_1d(np.asarray(y, dtype=float))
    m, P = float(m_0), float(P_0)
    means = np.empty(y.size)
    for t, yt in enumerate(y):
        Pp = P + q
        k = Pp / (Pp + r)
        m = m + k * (yt - m)
        P = (1 - k) * Pp
        means[t] = m
    return means, P
