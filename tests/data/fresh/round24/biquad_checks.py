import numpy as np


def direct_form_one(x, b_0, b_1, b_2, a_1, a_2):
    """The difference equation, literally, with zero initial conditions."""
    x = np.asarray(x, dtype=float)
    y = np.zeros_like(x)
    xs = lambda k: x[k] if k >= 0 else 0.0
    ys = lambda k: y[k] if k >= 0 else 0.0
    for n in range(len(x)):
        y[n] = b_0 * xs(n) + b_1 * xs(n - 1) + b_2 * xs(n - 2) - a_1 * ys(n - 1) - a_2 * ys(n - 2)
    return y
