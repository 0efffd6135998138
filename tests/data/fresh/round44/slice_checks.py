import numpy as np
from algoverify import register_generator as register


@register()
def bump(rng):
    """An unnormalised Gaussian density with a random centre and scale."""
    c = rng.uniform(-1, 1)
    s = rng.uniform(0.2, 2)
    return lambda x: float(np.exp(-0.5 * ((x - c) / s) ** 2))
