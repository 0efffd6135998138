from itertools import combinations

import numpy as np


def brute_force(w, W):
    w = [int(v) for v in np.asarray(w).ravel()]
    W = int(W)
    for size in range(len(w) + 1):
        for subset in combinations(w, size):
            if sum(subset) == W:
                return True
    return False
