"""Reference and probe generators for hutchinson-trace-estimator.md."""

import itertools

import numpy as np
from algoverify import register_generator as register


def hutchinson(A, Z):
    A = np.asarray(A, float)
    Z = np.asarray(Z, float)
    if Z.ndim == 1:
        Z = Z[:, None]
    return float(np.mean(np.einsum("ij,ik,kj->j", Z, A, Z)))


@register()
def rademacher(rng, n, m):
    """An n x m matrix of independent random signs."""
    return rng.choice([-1.0, 1.0], size=(n, m))


@register()
def all_signs(rng, n):
    """The n x 2^n matrix whose columns are all the sign vectors of length n."""
    return np.array(list(itertools.product([-1.0, 1.0], repeat=n))).T
