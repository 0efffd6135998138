import numpy as np
from algoverify import register_generator as register


@register()
def knots(rng, n):
    """n strictly increasing knots in [-5, 5], at least 0.05 apart."""
    gaps = rng.uniform(0.05, 2.0, int(n) - 1)
    start = rng.uniform(-5, 0)
    return np.concatenate([[start], start + np.cumsum(gaps)])


@register()
def inside(rng, x):
    """A point of [x_1, x_n]."""
    return float(rng.uniform(x[0], x[-1]))


def broken_line(x, y, t):
    return float(np.interp(t, x, y))
