import numpy as np
from algoverify import register_generator as register


@register()
def distinct_keys(rng, n):
    """n distinct non-negative integer keys."""
    return rng.choice(50, size=n, replace=False).astype(int)


def clrs_hash_insert(m, k):
    """Hash-Insert of CLRS 11.4 with h(k, i) = (k mod m + i) mod m; NIL as None.

    Returns the table (NIL slots as NaN, as a float array can hold) and the number of probes."""
    T = [None] * m
    p = 0
    for key in k:
        key = int(key)
        i = 0
        while True:
            j = (key % m + i) % m
            p += 1
            if T[j] is None:
                T[j] = key
                break
            i += 1
    return np.array([np.nan if x is None else x for x in T], dtype=float), p
