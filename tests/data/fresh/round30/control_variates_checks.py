import numpy as np


def intercept(x, y, mu_X):
    x = np.asarray(x, dtype=float)
    X = np.column_stack([np.ones(len(x)), x - mu_X])
    return np.linalg.lstsq(X, np.asarray(y, dtype=float), rcond=None)[0][0]
