import numpy as np
from algoverify import register_generator as register


@register()
def scores(rng, m):
    """m scores sorted in decreasing order, on a coarse grid so that ties occur."""
    return np.sort(np.round(rng.uniform(0, 1, m), 1))[::-1].copy()


@register()
def labels(rng, m):
    """m labels in {0, 1} with at least one of each (m >= 2)."""
    y = rng.integers(0, 2, m)
    y[0], y[-1] = 1, 0
    rng.shuffle(y)
    return y


def auc_pairs(f, y):
    f = np.asarray(f, float)
    y = np.asarray(y)
    pos, neg = f[y == 1], f[y == 0]
    s = 0.0
    for a in pos:
        for b in neg:
            s += 1.0 if a > b else (0.5 if a == b else 0.0)
    return s / (len(pos) * len(neg))
