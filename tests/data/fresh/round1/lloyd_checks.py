import numpy as np


def _as2d(a):
    a = np.asarray(a, dtype=float)
    return a.reshape(len(a), -1) if a.ndim == 1 else a


def objective(x, c):
    x, c = _as2d(x), _as2d(c)
    d2 = ((x[:, None, :] - c[None, :, :]) ** 2).sum(axis=2)
    return float(d2.min(axis=1).sum())


def lloyd_reference(x, c):
    x, c = _as2d(x), _as2d(c).copy()
    d2 = ((x[:, None, :] - c[None, :, :]) ** 2).sum(axis=2)
    labels = d2.argmin(axis=1)
    for j in range(len(c)):
        members = x[labels == j]
        if len(members):
            c[j] = members.mean(axis=0)
    return c


FUNCTIONS = {"objective": objective}
