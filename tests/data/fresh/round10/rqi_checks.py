import numpy as np
from algoverify import register_generator as register


def rqi_reference(A, v, tau):
    A = np.asarray(A, dtype=float)
    n = A.shape[0]
    v = np.asarray(v, dtype=float)
    v = v / np.linalg.norm(v)
    mu = v @ A @ v
    r = np.linalg.norm(A @ v - mu * v)
    while r > tau:
        w = np.linalg.solve(A - mu * np.eye(n), v)
        v = w / np.linalg.norm(w)
        mu = v @ A @ v
        r = np.linalg.norm(A @ v - mu * v)
    return mu, v


def eigdist(A, mu):
    """Distance from mu to the nearest eigenvalue of the symmetric matrix A."""
    return float(np.min(np.abs(np.linalg.eigvalsh(np.asarray(A, dtype=float)) - mu)))


FUNCTIONS = {"eigdist": eigdist}


@register()
def generic_vector(rng, n):
    """A random start vector: Gaussian, so in general position with probability one."""
    return rng.standard_normal(n)
