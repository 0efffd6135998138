import numpy as np
from algoverify import register_generator as register


def trapezoid_sum(y, h):
    y = np.asarray(y, dtype=float)
    return h * (y[0] / 2 + y[1:-1].sum() + y[-1] / 2)


@register(sizes=("n",))
def poly_samples(rng, n, h, c):
    """Samples of the polynomial with coefficients c (c[0] + c[1] t + ...) at t_i = i h, i = 0..n (a = 0)."""
    t = h * np.arange(n + 1)
    return np.polynomial.polynomial.polyval(t, np.asarray(c, dtype=float))


def exact_integral(n, h, c):
    """Integral of the polynomial c over [0, n h]."""
    c = np.asarray(c, dtype=float)
    b = n * h
    return float(sum(ck * b ** (k + 1) / (k + 1) for k, ck in enumerate(c)))
