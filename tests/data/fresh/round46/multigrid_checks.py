"""Reference and generators for the full-weighting note."""
import numpy as np
from algoverify import register_generator as register


def interpolation_matrix(m):
    """Linear interpolation I_{2h}^h from m - 1 coarse to 2m - 1 fine interior points."""
    n = 2 * m
    P = np.zeros((n - 1, m - 1))
    for j in range(1, m):          # coarse point j sits at fine point 2j
        P[2 * j - 1, j - 1] = 1.0  # fine index 2j (1-based) -> 2j-1 (0-based)
        P[2 * j - 2, j - 1] += 0.5
        P[2 * j, j - 1] += 0.5
    return P


def half_transpose_of_interpolation(**kw):
    v = np.asarray([val for key, val in kw.items() if key not in ("m", "n", "c")][0], dtype=float)
    m = (len(v) + 1) // 2
    return 0.5 * interpolation_matrix(m).T @ v


@register()
def fine_grid_vector(rng, m):
    return rng.standard_normal(2 * m - 1)


@register()
def constant_fine_grid(rng, m, c):
    return np.full(2 * m - 1, float(c))
