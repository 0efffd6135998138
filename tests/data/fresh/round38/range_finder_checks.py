"""Bindings and references for randomized-range-finder.md."""

import numpy as np


def range_basis(A, Omega):
    """Q of the reduced QR factorisation of A Omega."""
    Q, _ = np.linalg.qr(np.asarray(A, float) @ np.asarray(Omega, float))
    return Q


def _construct_q(step):
    """'Construct an m x l matrix Q whose columns form an orthonormal basis for the range of Y ...'"""
    Y = np.asarray(step["Y"], float)
    Q, R = np.linalg.qr(Y)
    step["Q"] = Q
    step["R"] = R


def svdvals(A):
    """Singular values of A, largest first."""
    return np.linalg.svd(np.asarray(A, float), compute_uv=False)


BINDINGS = {"Construct an": _construct_q}
FUNCTIONS = {"svdvals": svdvals}
