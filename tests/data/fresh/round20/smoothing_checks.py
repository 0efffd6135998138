import numpy as np


def brown_smoothing(x, alpha):
    x = np.asarray(x, dtype=float)
    s = np.empty_like(x)
    s[0] = x[0]
    for t in range(1, len(x)):
        s[t] = alpha * x[t] + (1 - alpha) * s[t - 1]
    return s
