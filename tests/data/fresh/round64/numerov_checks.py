import numpy as np


def numerov(h, k, y_0, y_1, N):
    c = h * h * k * k / 12
    y = [y_0, y_1]
    for n in range(1, N):
        y.append((2 * (1 - 5 * c) * y[n] - (1 + c) * y[n - 1]) / (1 + c))
    return np.array(y)
