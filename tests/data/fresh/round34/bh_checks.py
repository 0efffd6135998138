import numpy as np
from algoverify import register_generator as register

FUNCTIONS = {"sort": lambda p: np.sort(np.asarray(p, float))}


def benjamini_hochberg(p, q):
    """The set of (1-based) indices the BH procedure rejects."""
    p = np.asarray(p, float)
    m = len(p)
    order = np.argsort(p, kind="stable")
    below = np.nonzero(p[order] <= np.arange(1, m + 1) / m * q)[0]
    if len(below) == 0:
        return set()
    k = below[-1] + 1
    return {int(j) + 1 for j in order[:k]}


@register()
def pvalues(rng, m):
    """p-values of a mix of true and false nulls: some uniform, some near zero."""
    p = rng.uniform(0.0, 1.0, m)
    signal = rng.uniform(0.0, 1.0, m) < 0.4
    p[signal] = p[signal] ** 6
    return p
