import numpy as np


def least_squares(A, b):
    """The unique least-squares solution of a full-column-rank problem."""
    return np.linalg.lstsq(np.asarray(A, float), np.asarray(b, float), rcond=None)[0]
