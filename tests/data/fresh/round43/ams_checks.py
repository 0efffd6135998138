"""Generator and reference for the AMS sketch note."""
import numpy as np
from algoverify import register_generator as register


@register()
def random_signs(rng, n):
    return rng.choice([-1, 1], size=int(n))


def ams_reference(a, epsilon):
    a = np.asarray(a, dtype=int)
    eps = np.asarray(epsilon)
    counts = np.bincount(a - 1, minlength=len(eps))
    return float(np.dot(eps, counts)) ** 2
