import numpy as np
from algoverify import register_generator as register


class Cubic:
    """p(x) = c0 + c1 x + c2 x^2 + c3 x^3, callable, with its exact integral."""

    def __init__(self, c):
        self.c = [float(v) for v in c]

    def __call__(self, x):
        c0, c1, c2, c3 = self.c
        return c0 + x * (c1 + x * (c2 + x * c3))

    def integral(self, a, b):
        c0, c1, c2, c3 = self.c
        F = lambda x: c0 * x + c1 * x**2 / 2 + c2 * x**3 / 3 + c3 * x**4 / 4
        return F(b) - F(a)

    def __repr__(self):
        return "Cubic(%r)" % (self.c,)


@register()
def cubic(rng):
    return Cubic(rng.standard_normal(4))


@register()
def exp_function(rng):
    return np.exp


def exact_integral(f, a, b):
    return f.integral(a, b)
