"""Reference ISTA and step/penalty generators for ista-lasso.md."""
import numpy as np
from algoverify import register_generator as register


@register()
def ista_step(rng, A):
    """The largest admissible step 1/||A||_2^2 (1 when A = 0)."""
    L = np.linalg.norm(np.asarray(A, dtype=float), 2) ** 2
    return 1.0 if L == 0 else 1.0 / L


@register()
def above_critical(rng, A, b):
    """A penalty at or above ||A^T b||_inf (at least 0.1)."""
    lam_max = np.max(np.abs(np.asarray(A, dtype=float).T @ np.asarray(b, dtype=float)))
    return max(lam_max, 0.1) * rng.uniform(1.0, 2.0)


def ista(A, b, lam, t, K):
    A = np.asarray(A, dtype=float)
    b = np.asarray(b, dtype=float)
    x = np.zeros(A.shape[1])
    for _ in range(int(K)):
        z = x - t * A.T @ (A @ x - b)
        x = np.sign(z) * np.maximum(np.abs(z) - t * lam, 0.0)
    return x
