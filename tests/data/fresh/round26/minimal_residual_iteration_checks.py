import numpy as np
from algoverify import register_generator as register


@register()
def positive_real(rng, n):
    """A matrix whose symmetric part is positive definite: SPD plus a skew part."""
    n = int(n)
    B = rng.standard_normal((n, n))
    C = rng.standard_normal((n, n))
    return B @ B.T + np.eye(n) + (C - C.T)


def solve(A, b, x_0, tau):
    return np.linalg.solve(A, b)
