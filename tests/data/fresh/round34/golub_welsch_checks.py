import numpy as np


def eigendecomposition(step):
    """The English step: J = V Lambda V^T, eigenvalues ascending, V orthogonal."""
    J = np.asarray(step["J"], float)
    lam, V = np.linalg.eigh(J)
    step["Lambda"] = np.diag(lam)
    step["lam"] = lam
    step["V"] = V


BINDINGS = {"compute the eigendecomposition": eigendecomposition}
