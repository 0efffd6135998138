import numpy as np


def isotonic_maxmin(y, w):
    """Max-min formula: yhat_i = max_{s<=i} min_{t>=i} (weighted mean of y_s..y_t)."""
    y = np.asarray(y, float)
    w = np.asarray(w, float)
    n = len(y)
    out = np.empty(n)
    for i in range(n):
        best = -np.inf
        for s in range(i + 1):
            m = np.inf
            for t in range(i, n):
                m = min(m, np.dot(w[s:t + 1], y[s:t + 1]) / w[s:t + 1].sum())
            best = max(best, m)
        out[i] = best
    return out
