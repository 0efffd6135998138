import numpy as np


def ab2(A, y_0, h, N):
    A = np.asarray(A, dtype=float)
    y = [np.asarray(y_0, dtype=float)]
    f = [A @ y[0]]
    y.append(y[0] + h * f[0])
    for k in range(1, N):
        f.append(A @ y[k])
        y.append(y[k] + h / 2 * (3 * f[k] - f[k - 1]))
    return y[N]
