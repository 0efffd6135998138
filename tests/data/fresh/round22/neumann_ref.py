"""References and a generator for the Neumann series note."""
import numpy as np
from algoverify import register_generator as register


@register(contains=lambda value, n: np.linalg.norm(value) < 1)
def contraction(rng, n):
    """A random n x n matrix with Frobenius norm in [0.1, 0.8]."""
    n = int(n)
    M = rng.standard_normal((n, n))
    return M * (rng.uniform(0.1, 0.8) / np.linalg.norm(M))


def neumann_partial_sum(A, b, m):
    A = np.asarray(A, float)
    b = np.asarray(b, float)
    total = np.zeros_like(b)
    term = b.copy()
    for _ in range(int(m) + 1):
        total = total + term
        term = A @ term
    return total


def solve_shifted(A, b, m):
    A = np.asarray(A, float)
    return np.linalg.solve(np.eye(A.shape[0]) - A, np.asarray(b, float))
