"""Checks for the Hungarian-algorithm note: a brute-force optimum and a tie-free cost generator."""

import itertools

import numpy as np
from algoverify import register_generator as register


def _best(C):
    C = np.asarray(C, dtype=float)
    n = C.shape[0]
    best, arg = np.inf, None
    for perm in itertools.permutations(range(n)):
        cost = sum(C[i, perm[i]] for i in range(n))
        if cost < best:
            best, arg = cost, perm
    return best, arg


def optimal_assignment(C):
    """The optimal permutation, 1-based: sigma_i is the column of row i."""
    _, arg = _best(C)
    return np.array([j + 1 for j in arg])


def opt(C):
    """The cost of an optimal assignment."""
    return _best(C)[0]


FUNCTIONS = {"opt": opt}


@register()
def costs(rng, n):
    """Continuous random costs: the optimum is unique with probability one."""
    return rng.standard_normal((n, n))
