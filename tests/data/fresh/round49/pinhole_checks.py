import numpy as np
from algoverify import register_generator as register


@register()
def calibration(rng):
    ax, ay = rng.uniform(200, 1000, 2)
    s = rng.uniform(-1, 1)
    x0, y0 = rng.uniform(100, 500, 2)
    return np.array([[ax, s, x0], [0.0, ay, y0], [0.0, 0.0, 1.0]])


@register()
def in_front(rng, n, R):
    """n world points whose camera-frame depth (R X)_3 lies in [1, 3]."""
    C = np.column_stack([rng.uniform(-1, 1, n), rng.uniform(-1, 1, n), rng.uniform(1, 3, n)])
    return C @ R  # rows X_i = R^T c_i


def project(K, R, t, X):
    h = (K @ (R @ X.T + np.asarray(t, float).reshape(3, 1))).T
    return h[:, 0] / h[:, 2], h[:, 1] / h[:, 2]
