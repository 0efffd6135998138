import numpy as np
from algoverify import register_generator as register


def cycle_and_tail(f, s):
    """(lambda, mu) by recording the first visit of every point."""
    first = {}
    x, i = int(s), 0
    while x not in first:
        first[x] = i
        x = int(f[x])
        i += 1
    return i - first[x], first[x]


@register()
def mapping(rng, m):
    """A random map of {0, ..., m-1} into itself, as an integer array."""
    return rng.integers(0, m, size=m)


@register()
def point(rng, m):
    """A random point of {0, ..., m-1}."""
    return int(rng.integers(0, m))
