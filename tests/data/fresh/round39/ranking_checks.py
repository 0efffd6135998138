"""Checks for myrvold-ruskey-ranking.md: the identity permutation and the inverse of a permutation."""
import numpy as np
from algoverify import register_generator as register


@register()
def identity_permutation(rng, n):
    """pi[i] = i for i = 0..n-1."""
    return np.arange(int(n))


def inverse(pi):
    pi = [int(round(float(x))) for x in np.atleast_1d(pi)]
    inv = [0] * len(pi)
    for i, v in enumerate(pi):
        inv[v] = i
    return np.array(inv)


FUNCTIONS = {"inverse": inverse}
