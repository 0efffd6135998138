import numpy as np
from algoverify import register_generator as register


def sorted_copy(A):
    return np.sort(np.asarray(A, dtype=float))


@register()
def sorted_randn(rng, n):
    """n standard normal keys, in non-decreasing order."""
    return np.sort(rng.standard_normal(int(n)))
