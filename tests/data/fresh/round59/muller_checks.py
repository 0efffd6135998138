import numpy as np
from algoverify import register_generator as register


@register()
def monotone_cubic(rng):
    """f(x) = x^3 + a x - c with a > 0: strictly increasing, one real root."""
    a = float(rng.uniform(0.5, 3.0))
    c = float(rng.uniform(-2.0, 2.0))
    return lambda x: x ** 3 + a * x - c


@register()
def quadratic(rng):
    """f(x) = (x - r1)(x - r2) with real roots."""
    r1 = float(rng.uniform(-2.0, 2.0))
    r2 = float(rng.uniform(-2.0, 2.0))
    return lambda x: (x - r1) * (x - r2)
