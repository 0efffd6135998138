import numpy as np
from algoverify import register_generator as register


@register()
def cubic(rng, c):
    c = [float(v) for v in np.asarray(c).ravel()]

    def f(x):
        return c[0] + c[1] * x + c[2] * x ** 2 + c[3] * x ** 3

    return f


@register()
def exponential(rng):
    return np.exp


def cubic_integral(c, a, b):
    c = [float(v) for v in np.asarray(c).ravel()]
    return sum(c[k] * (b ** (k + 1) - a ** (k + 1)) / (k + 1) for k in range(4))
