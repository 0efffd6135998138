import numpy as np
from numpy.polynomial import chebyshev as C
from algoverify import register_generator as register


@register()
def shifted(rng, a, w):
    """The right end b = a + w of an interval of width w."""
    return a + w


def chebyshev_roots(a, b, n):
    coef = np.zeros(n + 1)
    coef[n] = 1.0
    t = np.sort(C.chebroots(coef).real)[::-1]
    return (a + b) / 2 + (b - a) / 2 * t
