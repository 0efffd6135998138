import numpy as np


def smallest_index(p, u):
    """Smallest k (1-based) with u < F_k, F computed by the same left-to-right float sums; m if none."""
    F = np.cumsum(np.asarray(p, dtype=float))
    m = len(F)
    for k in range(1, m + 1):
        if u < F[k - 1]:
            return k
    return m
