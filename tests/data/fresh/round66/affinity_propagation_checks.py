"""Generator and reference for the affinity propagation note."""
import numpy as np
from algoverify import register_generator as register


@register()
def similarities(rng, N):
    """Negative squared distances of N random points in the plane; median preferences."""
    N = int(N)
    Y = rng.standard_normal((N, 2))
    S = -((Y[:, None, :] - Y[None, :, :]) ** 2).sum(axis=2)
    off = S[~np.eye(N, dtype=bool)]
    np.fill_diagonal(S, np.median(off) if off.size else 0.0)
    return S


def affinity_propagation(s, lam, T):
    """Frey and Dueck (2007), vectorised; returns the exemplar of each point, from 1."""
    S = np.asarray(s, dtype=float)
    N = len(S)
    A = np.zeros((N, N))
    R = np.zeros((N, N))
    idx = np.arange(N)
    for _ in range(int(T)):
        AS = A + S
        rho = np.empty((N, N))
        for k in range(N):
            others = np.delete(AS, k, axis=1)
            rho[:, k] = S[:, k] - others.max(axis=1)
        R = lam * R + (1 - lam) * rho
        Rp = np.maximum(R, 0)
        Rp[idx, idx] = 0
        colsum = Rp.sum(axis=0)
        alpha = np.minimum(0, R[idx, idx][None, :] + colsum[None, :] - Rp)
        alpha[idx, idx] = colsum
        A = lam * A + (1 - lam) * alpha
    return np.argmax(A + R, axis=1) + 1
