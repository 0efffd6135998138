import numpy as np
from algoverify import register_generator as register


@register()
def distinct_nodes(rng, n):
    """n + 1 distinct nodes in [-1, 1], at least 0.05 apart."""
    n = int(n)
    while True:
        x = rng.uniform(-1.0, 1.0, size=n + 1)
        if n == 0 or np.min(np.diff(np.sort(x))) > 0.05:
            return x


def lagrange_value(x_nodes, y, x):
    """The Lagrange form of the interpolating polynomial, evaluated at x."""
    xs = np.asarray(x_nodes, dtype=float)
    ys = np.asarray(y, dtype=float)
    total = 0.0
    for k in range(len(xs)):
        L = 1.0
        for j in range(len(xs)):
            if j != k:
                L *= (x - xs[j]) / (xs[k] - xs[j])
        total += ys[k] * L
    return total
