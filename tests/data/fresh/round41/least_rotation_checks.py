import numpy as np


def least_rotation_index(s):
    s = [int(x) for x in np.asarray(s).ravel()]
    n = len(s)
    rotations = [tuple(s[k:] + s[:k]) for k in range(n)]
    return rotations.index(min(rotations))
