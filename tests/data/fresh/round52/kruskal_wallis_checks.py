import numpy as np
from algoverify import register_generator as register


@register()
def groups(rng, k, m):
    """k groups of m members each, labels 1..k in random order."""
    g = np.repeat(np.arange(1, k + 1), m)
    rng.shuffle(g)
    return g


@register()
def observations(rng, k, m):
    """k * m distinct standard normal observations."""
    return rng.standard_normal(k * m)


def kruskal_wallis_h(y, g):
    y = np.asarray(y, float); g = np.asarray(g)
    N = len(y)
    r = np.argsort(np.argsort(y)) + 1.0
    rbar = (N + 1) / 2
    ss = sum(np.sum(g == j) * (r[g == j].mean() - rbar) ** 2 for j in np.unique(g))
    return 12.0 / (N * (N + 1)) * ss
