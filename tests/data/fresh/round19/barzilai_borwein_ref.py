import numpy as np


def minimiser(A, b):
    return np.linalg.solve(np.asarray(A, float), np.asarray(b, float))


def lambda_max(A):
    return float(np.linalg.eigvalsh(np.asarray(A, float))[-1])


def lambda_min(A):
    return float(np.linalg.eigvalsh(np.asarray(A, float))[0])


FUNCTIONS = {"lmax": lambda_max, "lmin": lambda_min}
