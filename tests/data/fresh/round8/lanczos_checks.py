import numpy as np
from algoverify import register_generator as register


@register()
def generic_symmetric(rng, n):
    """A random symmetric matrix with well separated eigenvalues (no breakdown)."""
    Q, _ = np.linalg.qr(rng.standard_normal((n, n)))
    lam = np.arange(1, n + 1) + 0.2 * rng.standard_normal(n)
    return (Q * lam) @ Q.T


@register()
def generic_vector(rng, n):
    return rng.standard_normal(n) + 0.1


def lanczos_reference(A, b, k):
    A = np.asarray(A, dtype=float)
    b = np.asarray(b, dtype=float)
    n = A.shape[0]
    Q = np.zeros((n, k))
    T = np.zeros((k, k))
    q_prev = np.zeros(n)
    beta_prev = 0.0
    q = b / np.linalg.norm(b)
    for j in range(k):
        Q[:, j] = q
        w = A @ q - beta_prev * q_prev
        alpha = q @ w
        w = w - alpha * q
        T[j, j] = alpha
        if j < k - 1:
            beta = np.linalg.norm(w)
            T[j, j + 1] = T[j + 1, j] = beta
            q_prev, q, beta_prev = q, w / beta, beta
    return Q, T
