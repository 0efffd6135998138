import numpy as np
from algoverify import register_generator as register


@register()
def geometric(rng, n, L, c, r):
    k = np.arange(n + 1)
    return L + c * r ** k


def aitken_reference(x):
    x = np.asarray(x, float)
    d1 = x[1:-1] - x[:-2]
    d2 = x[2:] - 2 * x[1:-1] + x[:-2]
    return x[:-2] - d1 ** 2 / d2
