import numpy as np


def theil_sen_slope(x, y):
    x = np.asarray(x, float); y = np.asarray(y, float)
    n = len(x)
    s = [(y[j] - y[i]) / (x[j] - x[i]) for i in range(n) for j in range(i + 1, n)]
    return float(np.median(s))
