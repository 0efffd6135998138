import numpy as np
from algoverify import register_generator as register


@register()
def rotation(rng):
    """A random proper rotation of R^3 (QR of a Gaussian matrix, signs fixed, det +1)."""
    Z = rng.standard_normal((3, 3))
    Qm, Rm = np.linalg.qr(Z)
    Qm = Qm @ np.diag(np.sign(np.diag(Rm)))
    if np.linalg.det(Qm) < 0:
        Qm[:, 0] = -Qm[:, 0]
    return Qm


def kabsch(P, Q):
    P = np.asarray(P, dtype=float)
    Q = np.asarray(Q, dtype=float)
    pbar, qbar = P.mean(axis=0), Q.mean(axis=0)
    H = (P - pbar).T @ (Q - qbar)
    U, S, Vt = np.linalg.svd(H)
    V = Vt.T
    d = np.sign(np.linalg.det(V @ U.T))
    R = V @ np.diag([1.0, 1.0, d]) @ U.T
    t = qbar - R @ pbar
    return R, t
