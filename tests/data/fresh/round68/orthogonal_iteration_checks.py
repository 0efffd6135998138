import numpy as np
from algoverify import register_generator as register


@register()
def orthonormal_columns(rng, n, r):
    """An n x r matrix with orthonormal columns (r is clipped to n)."""
    n, r = int(n), int(r)
    r = min(r, n)
    Q, _ = np.linalg.qr(rng.standard_normal((n, r)))
    return Q


def _qr_positive(Z):
    Q, R = np.linalg.qr(Z)
    s = np.sign(np.diag(R))
    s[s == 0] = 1
    return Q * s, (R.T * s).T


def orthogonal_iteration(A, Q_0, N):
    Q = np.asarray(Q_0, dtype=float)
    R = None
    for _ in range(int(N)):
        Q, R = _qr_positive(np.asarray(A) @ Q)
    return Q, R
