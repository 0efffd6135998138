import numpy as np


def clip_by_global_norm(g, c):
    g = [np.asarray(b, float) for b in g]
    nu = np.sqrt(sum(float(np.sum(b ** 2)) for b in g))
    s = min(1.0, c / nu) if nu > 0 else 1.0
    return [s * b for b in g]
