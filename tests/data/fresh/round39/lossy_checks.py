"""Reference for lossy-counting.md: Lossy Counting with Python dicts.

As in the listing, f and delta keep the last values of elements whose entries were deleted;
only the set D says which entries are live.
"""
import math

import numpy as np


def lossy_counting(e, epsilon):
    w = math.ceil(1 / epsilon)
    D = set()
    f, delta = {}, {}
    for t, x in enumerate(np.atleast_1d(e), start=1):
        x = int(x)
        b = math.ceil(t / w)
        if x in D:
            f[x] += 1
        else:
            D.add(x)
            f[x] = 1
            delta[x] = b - 1
        if t % w == 0:
            D = {k for k in D if f[k] + delta[k] > b}
    return D, f, delta
