import numpy as np


def last_occurrence(P, sigma):
    lam = np.zeros(sigma, dtype=int)
    for j, a in enumerate(P, start=1):
        lam[int(a) - 1] = j
    return lam
