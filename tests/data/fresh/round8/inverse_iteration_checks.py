import numpy as np
from algoverify import register_generator as register


@register()
def spread_symmetric(rng, n):
    """Symmetric, eigenvalues near 1, 2, ..., n (gaps of about 1)."""
    Q, _ = np.linalg.qr(rng.standard_normal((n, n)))
    lam = np.arange(1, n + 1) + 0.1 * rng.uniform(-1, 1, n)
    return (Q * lam) @ Q.T


@register()
def generic_vector(rng, n):
    return rng.standard_normal(n) + 0.1


def closest_eigenpair(A, sigma, v, epsilon):
    w, V = np.linalg.eigh(np.asarray(A, dtype=float))
    i = int(np.argmin(np.abs(w - sigma)))
    return w[i], V[:, i]
