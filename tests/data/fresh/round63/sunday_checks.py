import numpy as np


def occurrences(P, T):
    P = list(np.asarray(P).ravel()); T = list(np.asarray(T).ravel())
    m, n = len(P), len(T)
    return {j for j in range(n - m + 1) if T[j:j + m] == P}
