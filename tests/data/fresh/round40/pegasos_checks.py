import numpy as np


def pegasos(X, y, lam, T):
    X = np.asarray(X, dtype=float)
    y = np.asarray(y, dtype=float)
    m, n = X.shape
    w = np.zeros(n)
    for t in range(1, T + 1):
        i = (t - 1) % m
        eta = 1.0 / (lam * t)
        if y[i] * (w @ X[i]) < 1:
            w = (1 - eta * lam) * w + eta * y[i] * X[i]
        else:
            w = (1 - eta * lam) * w
        norm = np.linalg.norm(w)
        if norm > 0:
            w = min(1.0, (1 / np.sqrt(lam)) / norm) * w
    return w


from algoverify import register_generator as register


@register()
def labels(rng, m):
    """m labels in {-1, +1}."""
    return rng.choice([-1.0, 1.0], size=m)
