import numpy as np
from algoverify import register_generator as register


@register()
def parabola(rng, m):
    """A strictly convex (hence strictly quasiconvex) function with its minimum at m."""
    s = float(rng.uniform(0.5, 3.0))
    return lambda x: s * (x - m) ** 2


def dichotomous(f, a_1, b_1, varepsilon, ell):
    a, b = a_1, b_1
    while b - a >= ell:
        lam = (a + b) / 2 - varepsilon
        mu = (a + b) / 2 + varepsilon
        if f(lam) < f(mu):
            b = mu
        else:
            a = lam
    return a, b
