import numpy as np


def periodogram(x, omega):
    x = np.asarray(x, dtype=float)
    t = np.arange(len(x))
    X = np.sum(x * np.exp(-1j * omega * t))
    return abs(X) ** 2 / len(x)
