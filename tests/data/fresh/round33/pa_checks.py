"""Checks for passive-aggressive.md: labels from a separating vector, and PA in NumPy."""
import numpy as np
from algoverify import register_generator as register


@register()
def labels(rng, X, u):
    """y_t = sign(u . x_t); a point exactly on the hyperplane gets +1."""
    s = np.asarray(X, dtype=float) @ np.asarray(u, dtype=float)
    return np.where(s >= 0, 1.0, -1.0)


def passive_aggressive(X, y):
    X = np.asarray(X, dtype=float)
    T, n = X.shape
    w = np.zeros(n)
    losses = np.zeros(T)
    for t in range(T):
        loss = max(0.0, 1.0 - y[t] * (w @ X[t]))
        losses[t] = loss
        w = w + loss / (X[t] @ X[t]) * y[t] * X[t]
    return w, losses
