import numpy as np


def cohens_kappa(N):
    N = np.asarray(N, dtype=float)
    n = N.sum()
    p_o = np.trace(N) / n
    p_e = (N.sum(axis=1) / n) @ (N.sum(axis=0) / n)
    return (p_o - p_e) / (1 - p_e)
