import numpy as np


def equalise(f, L):
    f = np.asarray(f).astype(int)
    hist = np.bincount(f.ravel(), minlength=L)
    s = np.round((L - 1) * np.cumsum(hist) / f.size)
    return s[f]
