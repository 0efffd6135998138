"""Checks for the Crout note: a generator of row diagonally dominant matrices and a reference."""

import numpy as np
from algoverify import register_generator as register


@register()
def row_dominant(rng, n):
    """A random n x n matrix, strictly diagonally dominant by rows, diagonal of either sign."""
    A = rng.standard_normal((n, n))
    off = np.abs(A).sum(axis=1) - np.abs(np.diag(A))
    d = off + rng.uniform(0.1, 2.0, n)
    signs = rng.choice([-1.0, 1.0], n)
    A[np.diag_indices(n)] = signs * d
    return A


def crout_reference(A):
    """Doolittle elimination on A^T (no pivoting), transposed: A = L U with U unit upper."""
    At = np.array(A, dtype=float).T
    n = At.shape[0]
    Lt = np.eye(n)
    Ut = At.copy()
    for k in range(n - 1):
        for i in range(k + 1, n):
            m = Ut[i, k] / Ut[k, k]
            Lt[i, k] = m
            Ut[i, k:] -= m * Ut[k, k:]
    # A^T = Lt Ut  =>  A = Ut^T Lt^T ; Ut^T lower, Lt^T unit upper
    return Ut.T, Lt.T
