import numpy as np
from algoverify import register_generator as register


@register()
def unit_vector(rng, n):
    v = rng.standard_normal(n)
    return v / np.linalg.norm(v)


def _expm(M):
    # scaling and squaring with a Taylor series
    s = 10
    A = M / 2.0 ** s
    E = np.eye(len(M))
    term = np.eye(len(M))
    for k in range(1, 25):
        term = term @ A / k
        E = E + term
    for _ in range(s):
        E = E @ E
    return E


def expm_hat(omega, theta):
    w1, w2, w3 = omega
    W = np.array([[0, -w3, w2], [w3, 0, -w1], [-w2, w1, 0]], dtype=float)
    return _expm(W * theta)
