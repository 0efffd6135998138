import numpy as np
from algoverify import register_generator as register


@register()
def separated_symmetric(rng, m):
    """A random symmetric m x m matrix whose eigenvalues have absolute values at least 1.5 apart in ratio."""
    mags = 1.6 ** np.arange(m, 0, -1) * rng.uniform(1.0, 1.1, size=m)
    lam = mags * rng.choice([-1.0, 1.0], size=m)
    Q, _ = np.linalg.qr(rng.standard_normal((m, m)))
    return Q @ np.diag(lam) @ Q.T


def diagonal_of_eigenvalues(A, K):
    lam = np.linalg.eigvalsh(np.asarray(A, float))
    lam = lam[np.argsort(-np.abs(lam))]
    return np.diag(lam)


FUNCTIONS = {"qr": np.linalg.qr}
