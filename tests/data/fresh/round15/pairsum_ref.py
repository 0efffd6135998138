import numpy as np
from algoverify import register_generator as register


def _is_sorted_ints(value, n):
    v = np.asarray(value)
    return v.shape == (n,) and bool(np.all(v == np.round(v))) and bool(np.all(np.diff(v) >= 0))


@register(contains=_is_sorted_ints)
def sorted_integers(rng, n):
    """n integers in [-10, 10], sorted ascending (repeats allowed)."""
    return np.sort(rng.integers(-10, 11, size=n))


def has_pair(a, t):
    a = [int(v) for v in a]
    return any(a[i] + a[j] == t for i in range(len(a)) for j in range(i + 1, len(a)))
