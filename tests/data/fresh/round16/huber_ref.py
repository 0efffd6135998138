import numpy as np


def huber_step(X, y, w, delta, eta):
    X = np.asarray(X, float); y = np.asarray(y, float); w = np.asarray(w, float)
    r = X @ w - y
    psi = np.clip(r, -delta, delta)
    return w - eta / X.shape[0] * (X.T @ psi)
