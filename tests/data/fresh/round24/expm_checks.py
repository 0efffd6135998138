import numpy as np


def expm_by_eigh(A):
    w, V = np.linalg.eigh(np.asarray(A, dtype=float))
    return V @ np.diag(np.exp(w)) @ V.T
