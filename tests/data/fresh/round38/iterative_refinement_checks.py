"""Checks for iterative-refinement.md: the exact solution, and a generator of approximate solvers."""

import numpy as np
from algoverify import register_generator as register


def solve(A, b):
    """The solution x = A^{-1} b that refinement should converge to."""
    return np.linalg.solve(A, b)


@register()
def perturbed(rng, A, eps):
    """M = A + E with a random E of Frobenius norm eps * ||A||_F: an 'approximate factorisation' of A."""
    A = np.asarray(A, dtype=float)
    E = rng.standard_normal(A.shape)
    nE = np.linalg.norm(E)
    if nE == 0:
        return A.copy()
    return A + eps * np.linalg.norm(A) / nE * E
