import itertools
import numpy as np


def min_mean_cycle_by_enumeration(W):
    W = np.asarray(W, float)
    n = len(W)
    best = np.inf
    for L in range(1, n + 1):
        for cyc in itertools.permutations(range(n), L):
            if cyc[0] != min(cyc):
                continue
            s = sum(W[cyc[i], cyc[(i + 1) % L]] for i in range(L))
            best = min(best, s / L)
    return best
