import numpy as np


def sorted_keys(a):
    return np.sort(np.asarray(a))
