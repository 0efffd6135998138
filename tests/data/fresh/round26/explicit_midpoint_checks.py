import numpy as np
from algoverify import register_generator as register


@register()
def smooth_rhs(rng):
    """A smooth, mildly nonlinear right-hand side f(t, y)."""
    a, b, c = rng.uniform(-1, 1, 3)

    def f(t, y):
        return a * np.cos(t) - b * y + c * np.sin(y)

    return f


@register()
def linear_rhs(rng, lam):
    """Dahlquist's test equation y' = lam * y."""

    def f(t, y):
        return lam * y

    return f


def midpoint_reference(f, t_0, y_0, h, N):
    t, y = t_0, y_0
    for _ in range(int(N)):
        y = y + h * f(t + h / 2, y + h / 2 * f(t, y))
        t = t + h
    return y
