import numpy as np
from algoverify import register_generator as register


def solve_lower(L, b):
    return np.linalg.solve(np.asarray(L, float), np.asarray(b, float))


@register()
def lower_triangular(rng, n):
    L = np.tril(rng.standard_normal((n, n)))
    d = rng.uniform(1.0, 3.0, n) * rng.choice([-1.0, 1.0], n)
    L[np.diag_indices(n)] = d
    return L
