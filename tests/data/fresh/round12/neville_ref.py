import numpy as np


def lagrange_eval(x, y, t):
    x = np.asarray(x, float)
    y = np.asarray(y, float)
    s = 0.0
    for i in range(len(x)):
        li = 1.0
        for j in range(len(x)):
            if j != i:
                li *= (t - x[j]) / (x[i] - x[j])
        s += y[i] * li
    return s
