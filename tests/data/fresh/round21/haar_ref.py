import numpy as np
from algoverify import register_generator as register


def haar_level(x):
    x = np.asarray(x, dtype=float)
    return (x[0::2] + x[1::2]) / np.sqrt(2), (x[0::2] - x[1::2]) / np.sqrt(2)


@register()
def even_signal(rng, m):
    """A standard normal signal of even length 2m."""
    return rng.standard_normal(2 * int(m))


@register()
def constant_signal(rng, m):
    """A constant signal of even length 2m."""
    return np.full(2 * int(m), rng.standard_normal())
