import numpy as np
from algoverify import register_generator as register


@register()
def sorted_keys(rng, m):
    """m join keys in nondecreasing order, with many duplicates."""
    return np.sort(rng.integers(0, 5, size=int(m)))


def join_size(r, s):
    return int(sum(1 for a in r for b in s if a == b))
