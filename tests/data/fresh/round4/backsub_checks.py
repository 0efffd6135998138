import numpy as np
from algoverify import register_generator as register


@register(contains=lambda U, n: np.allclose(U, np.triu(U)) and np.all(np.abs(np.diag(U)) >= 0.5))
def upper_triangular(rng, n):
    """A well-conditioned nonsingular upper triangular matrix."""
    U = np.triu(rng.standard_normal((n, n)))
    d = rng.uniform(1.0, 2.0, n) * rng.choice([-1.0, 1.0], n)
    U[np.diag_indices(n)] = d
    return U
