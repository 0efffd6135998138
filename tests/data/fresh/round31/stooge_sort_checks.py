import numpy as np


def sorted_copy(A):
    """The same numbers, in non-decreasing order."""
    return np.sort(np.asarray(A, dtype=float))
