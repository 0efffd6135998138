import numpy as np
from algoverify import register_generator as register


@register()
def mean_of(rng, u):
    return float(np.mean(u))


@register()
def m2_of(rng, u):
    u = np.asarray(u, dtype=float)
    return float(np.sum((u - u.mean()) ** 2))


def pooled(u, v):
    w = np.concatenate([np.asarray(u, dtype=float), np.asarray(v, dtype=float)])
    return len(w), float(w.mean()), float(np.sum((w - w.mean()) ** 2))
