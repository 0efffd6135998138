import numpy as np


def rle(a):
    a = list(np.asarray(a).tolist())
    v, c = [a[0]], [1]
    for s in a[1:]:
        if s == v[-1]:
            c[-1] += 1
        else:
            v.append(s)
            c.append(1)
    return np.array(v), np.array(c)
