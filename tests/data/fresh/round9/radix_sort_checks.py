import numpy as np


def sorted_keys(x):
    return np.sort(np.asarray(x))
