"""Reference and helpers for lax-wendroff-advection.md."""

import numpy as np


def lax_wendroff(U, nu, N):
    U = np.asarray(U, float).copy()
    for _ in range(N):
        Up = np.roll(U, -1)   # U_{j+1}
        Um = np.roll(U, 1)    # U_{j-1}
        U = U - nu / 2 * (Up - Um) + nu ** 2 / 2 * (Up - 2 * U + Um)
    return U


def roll(x, k):
    """np.roll: entry j moves to j + k (periodically)."""
    return np.roll(np.asarray(x, float), int(k))


FUNCTIONS = {"roll": roll}
