import numpy as np
from algoverify import register_generator as register


@register()
def sorted_distinct(rng, n):
    """n distinct sorted integers (as floats), drawn from 0..3n."""
    vals = rng.choice(3 * int(n) + 1, size=int(n), replace=False)
    return np.sort(vals).astype(float)


@register()
def member_or_not(rng, a):
    a = np.asarray(a, dtype=float)
    if rng.random() < 0.5:
        return float(a[rng.integers(len(a))])
    return float(rng.integers(-2, 3 * len(a) + 3)) + 0.5


def search_reference(a, t):
    a = list(np.asarray(a, dtype=float))
    return a.index(t) + 1 if t in a else 0
