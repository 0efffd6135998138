import itertools
import numpy as np


def brute_force_mwis(w):
    """Largest total weight over all independent sets of the path (exhaustive), and that set."""
    w = list(np.asarray(w, dtype=float).ravel())
    n = len(w)
    best, best_set = 0.0, set()
    for mask in range(1 << n):
        if mask & (mask >> 1):
            continue
        total = sum(w[i] for i in range(n) if mask >> i & 1)
        if total > best:
            best, best_set = total, {i + 1 for i in range(n) if mask >> i & 1}
    return best, best_set
