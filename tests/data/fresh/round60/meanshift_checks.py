import numpy as np


def mean_shift(X, y_0, h, tau):
    X = np.asarray(X, dtype=float)
    y = np.asarray(y_0, dtype=float).copy()
    while True:
        w = np.exp(-0.5 * np.sum(((y - X) / h) ** 2, axis=1))
        y_new = (w[:, None] * X).sum(axis=0) / w.sum()
        delta = np.linalg.norm(y_new - y)
        y = y_new
        if delta < tau:
            return y
