"""Reference and input generators for the power-iteration note (loaded by algoverify)."""

import numpy as np

from algoverify import register_generator as register


def leading_eigenpair(A, v, tau):
    """The eigenvalue of largest magnitude as the listing reports it (its absolute value), and its eigenvector."""
    w, V = np.linalg.eigh(A)
    k = int(np.argmax(np.abs(w)))
    return abs(w[k]), V[:, k]


@register()
def scaled_spd(rng, n, scale):
    """A random symmetric positive definite n×n matrix, eigenvalues uniform in [0.1, 10] times ``scale``."""
    q, _ = np.linalg.qr(rng.standard_normal((int(n), int(n))))
    return (q * (scale * rng.uniform(0.1, 10.0, int(n)))) @ q.T


@register()
def orthogonal_to_top(rng, A):
    """A random start vector with no component along the leading eigenvector of A."""
    w, V = np.linalg.eigh(A)
    top = V[:, int(np.argmax(np.abs(w)))]
    u = rng.standard_normal(len(A))
    u = u - (u @ top) * top
    return u if np.linalg.norm(u) > 0 else V[:, 0]


@register()
def spd_with_gap(rng, n, ratio=0.999):
    """A random SPD matrix as spd(n) draws one, whose second eigenvalue is at most ``ratio`` times the first.

    The prose gives the convergence rate as the ratio of the two largest eigenvalues: a matrix
    whose top two coincide to six digits needs millions of passes, past any finite run. Those
    are the matrices the note's own caveat ("can need many iterations") is about; the claim of
    convergence is checked on every SPD matrix where a finite run can see it.
    """
    k = int(n)
    q, _ = np.linalg.qr(rng.standard_normal((k, k)))
    while True:
        eig = rng.uniform(0.1, 10.0, k)
        top = np.sort(eig)[::-1]
        if k == 1 or top[1] <= ratio * top[0]:
            return (q * eig) @ q.T
