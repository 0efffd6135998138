import numpy as np
from algoverify import register_generator as register


def mahalanobis(L, x, mu):
    L = np.asarray(L, float)
    r = np.asarray(x, float) - np.asarray(mu, float)
    Sigma = L @ L.T
    return float(np.sqrt(r @ np.linalg.solve(Sigma, r)))


@register()
def cholesky_factor(rng, d):
    d = int(d)
    B = rng.standard_normal((d, d))
    S = B @ B.T + d * np.eye(d)
    return np.linalg.cholesky(S)
