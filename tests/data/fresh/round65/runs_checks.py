import numpy as np


def runs_and_mean(x):
    x = np.asarray(x)
    N = len(x)
    r = 1 + int(np.sum(x[1:] != x[:-1]))
    n1 = float(np.sum(x)); n2 = N - n1
    return r, 2 * n1 * n2 / N + 1
