import numpy as np
from algoverify import register_generator


@register_generator()
def increasing_cubic(rng):
    """f(x) = x^3 + c x - d with c > 0: strictly increasing, one root in [-10, 10]."""
    c = float(rng.uniform(0.1, 3.0))
    d = float(rng.uniform(-5.0, 5.0))

    def f(x):
        return x ** 3 + c * x - d

    return f


def root_by_bisection(f, a, b, tau):
    """Plain bisection to machine precision: the root of f in [a, b]."""
    fa = f(a)
    for _ in range(200):
        m = 0.5 * (a + b)
        fm = f(m)
        if fm == 0 or b - a < 1e-15:
            return m
        if (fa < 0) == (fm < 0):
            a, fa = m, fm
        else:
            b = m
    return 0.5 * (a + b)
