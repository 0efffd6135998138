import numpy as np


def solve_updated(A, U, V, b):
    A, U, V, b = (np.asarray(z, float) for z in (A, U, V, b))
    return np.linalg.solve(A + U @ V.T, b)
