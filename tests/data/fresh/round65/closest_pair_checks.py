import numpy as np


def min_distance(P):
    P = np.asarray(P, dtype=float)
    n = len(P)
    return min(np.linalg.norm(P[i] - P[j]) for i in range(n) for j in range(i + 1, n))
