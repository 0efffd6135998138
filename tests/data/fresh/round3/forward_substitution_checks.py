import numpy as np
from algoverify import register_generator as register


@register()
def well_conditioned_lower(rng, n):
    n = int(n)
    L = np.tril(rng.standard_normal((n, n)))
    d = rng.uniform(1.0, 3.0, size=n) * rng.choice([-1.0, 1.0], size=n)
    L[np.diag_indices(n)] = d * np.sqrt(n)
    return L


@register()
def nonzero_diagonal(rng, n):
    """A full matrix (upper triangle arbitrary) whose lower triangle is well conditioned."""
    n = int(n)
    L = rng.standard_normal((n, n))
    d = rng.uniform(1.0, 3.0, size=n) * rng.choice([-1.0, 1.0], size=n)
    L[np.diag_indices(n)] = d * np.sqrt(n)
    return L


def solve_lower(L, b):
    L = np.tril(np.asarray(L, dtype=float))
    return np.linalg.solve(L, np.asarray(b, dtype=float))
