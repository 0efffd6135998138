import numpy as np
from algoverify import register_generator as register


@register(sizes=("n",), contains=lambda value, n: len(value) == n and bool(np.all(np.diff(value) >= 0)))
def sorted_list(rng, n):
    return np.sort(rng.standard_normal(n))


def merge_ref(a, b):
    return np.sort(np.concatenate([np.asarray(a, dtype=float), np.asarray(b, dtype=float)]), kind="stable")
