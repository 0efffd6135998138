import numpy as np
from algoverify import register_generator as register


@register()
def nodes(rng, m):
    """m distinct nodes in [-1, 1]: equispaced, jittered by less than a quarter spacing."""
    base = np.linspace(-1.0, 1.0, m)
    h = 2.0 / max(m - 1, 1)
    return base + rng.uniform(-0.25 * h, 0.25 * h, m)


def newton_value(x, y, t):
    """Value at t of the interpolating polynomial, by the Lagrange formula."""
    x = np.asarray(x, dtype=float)
    y = np.asarray(y, dtype=float)
    total = 0.0
    for k in range(len(x)):
        w = 1.0
        for i in range(len(x)):
            if i != k:
                w *= (t - x[i]) / (x[k] - x[i])
        total += y[k] * w
    return total
