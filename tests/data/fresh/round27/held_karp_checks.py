import itertools
import numpy as np


def shortest_tour_by_enumeration(D):
    D = np.asarray(D, float)
    n = len(D)
    if n == 1:
        return 0.0
    best = np.inf
    for perm in itertools.permutations(range(1, n)):
        t = (0,) + perm
        best = min(best, sum(D[t[i], t[(i + 1) % n]] for i in range(n)))
    return best
