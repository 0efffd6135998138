import numpy as np


def nearest_hit(e, d, c, R):
    e, d, c = (np.asarray(v, dtype=float) for v in (e, d, c))
    a = d @ d
    b = 2 * d @ (e - c)
    cc = (e - c) @ (e - c) - R * R
    disc = b * b - 4 * a * cc
    if disc < 0:
        return np.inf
    r = sorted([(-b - np.sqrt(disc)) / (2 * a), (-b + np.sqrt(disc)) / (2 * a)])
    for t in r:
        if t > 0:
            return t
    return np.inf
