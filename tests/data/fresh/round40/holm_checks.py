import numpy as np
from algoverify import register_generator as register


@register()
def sorted_pvalues(rng, m):
    """Sorted p-values: about a third from strong signals, the rest uniform."""
    k = rng.integers(0, m + 1) // 3 if m > 0 else 0
    p = np.concatenate([rng.uniform(0, 0.01, k), rng.uniform(0, 1, m - k)])
    return np.sort(p)


def holm_rejections(p, alpha):
    m = len(p)
    for i in range(m):
        if p[i] > alpha / (m - i):
            return i
    return m


def bonferroni(p, alpha):
    return int(np.sum(np.asarray(p) <= alpha / len(p)))


FUNCTIONS = {"bonferroni": bonferroni}
