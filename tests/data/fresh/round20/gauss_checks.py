import numpy as np
from algoverify import register_generator as register


@register()
def cubic(rng):
    return np.poly1d(rng.standard_normal(4))


@register()
def quartic(rng):
    return np.poly1d([1.0, 0.0, 0.0, 0.0, 0.0])


def exact_integral(f, a, b):
    F = np.poly1d(f).integ()
    return F(b) - F(a)
