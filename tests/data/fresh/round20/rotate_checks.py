import numpy as np


def rotate_left(x, d):
    return np.roll(np.asarray(x, dtype=float), -int(d))
