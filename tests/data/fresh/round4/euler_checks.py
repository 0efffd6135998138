import numpy as np
from algoverify import register_generator as register


@register(sizes=("d",))
def neg_spd(rng, d):
    """A symmetric negative definite matrix with eigenvalues in [-4, -0.1]."""
    Q, _ = np.linalg.qr(rng.standard_normal((d, d)))
    lam = rng.uniform(0.1, 4.0, d)
    return -(Q * lam) @ Q.T


def euler_closed_form(A, y_0, h, N):
    A = np.asarray(A, dtype=float)
    M = np.eye(A.shape[0]) + h * A
    return np.linalg.matrix_power(M, int(N)) @ np.asarray(y_0, dtype=float)
