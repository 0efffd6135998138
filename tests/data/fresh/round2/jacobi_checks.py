import numpy as np
from algoverify import register_generator as register


def _is_dominant(A, n):
    A = np.asarray(A, dtype=float)
    if A.shape != (n, n):
        return False
    d = np.abs(np.diag(A))
    off = np.sum(np.abs(A), axis=1) - d
    return bool(np.all(off <= 0.5 * d) and np.all(d > 0))


@register(sizes=("n",), contains=_is_dominant)
def diag_dominant(rng, n):
    """A random n x n matrix whose rows are strictly diagonally dominant (rho <= 1/2)."""
    A = rng.uniform(-1.0, 1.0, size=(n, n))
    np.fill_diagonal(A, 0.0)
    off = np.sum(np.abs(A), axis=1)
    signs = rng.choice([-1.0, 1.0], size=n)
    np.fill_diagonal(A, signs * (2.0 * off + rng.uniform(0.5, 2.0, size=n)))
    return A


def solve(A, b):
    return np.linalg.solve(np.asarray(A, dtype=float), np.asarray(b, dtype=float))
