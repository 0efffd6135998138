import numpy as np


def exchange(step):
    """exchange A[i] with A[k] (1-based, as the listing counts)"""
    A = np.array(step["A"], copy=True)
    i, k = int(step["i"]) - 1, int(step["k"]) - 1
    A[i], A[k] = A[k], A[i]
    step["A"] = A


BINDINGS = {"exchange": exchange}
