import numpy as np


def solve(A, b, x_0, epsilon):
    return np.linalg.solve(np.asarray(A, dtype=float), np.asarray(b, dtype=float))
