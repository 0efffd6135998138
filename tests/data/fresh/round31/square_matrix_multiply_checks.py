import numpy as np


def product(A, B):
    return np.asarray(A) @ np.asarray(B)
