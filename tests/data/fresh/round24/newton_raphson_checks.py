import numpy as np
from algoverify import register_generator as register


@register()
def exp_minus(rng, c):
    """f(x) = exp(x) - c, a convex increasing function with its root at log c."""
    return lambda x: np.exp(x) - c


@register()
def exp_function(rng):
    """The derivative of exp(x) - c."""
    return np.exp


def log_of_c(c):
    return np.log(c)
