import numpy as np
from algoverify import register_generator as register


@register()
def signs(rng, m):
    """m labels drawn uniformly from {-1, +1}."""
    return rng.choice([-1.0, 1.0], size=m)


def adaboost_round(D, y, h):
    D, y, h = (np.asarray(v, dtype=float) for v in (D, y, h))
    eps = D[y != h].sum()
    w = 0.5 * np.log(1 / eps - 1)
    new = D * np.exp(-w * y * h)
    return w, new / new.sum()
