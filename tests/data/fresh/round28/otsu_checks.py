import numpy as np
from algoverify import register_generator as register


def otsu_reference(p):
    """Exhaustive search over k of w0 w1 (mu0 - mu1)^2, first maximiser (0 when none is positive)."""
    p = np.asarray(p, float)
    L = len(p)
    i = np.arange(L)
    best, kbest = 0.0, 0
    for k in range(L):
        w0 = p[:k + 1].sum(); w1 = p[k + 1:].sum()
        if w0 <= 0 or w1 <= 0:
            continue
        mu0 = (i[:k + 1] @ p[:k + 1]) / w0; mu1 = (i[k + 1:] @ p[k + 1:]) / w1
        s = w0 * w1 * (mu0 - mu1) ** 2
        if s > best * (1 + 1e-12) + 1e-15:
            best, kbest = s, k
    return kbest, best


@register()
def random_histogram(rng, L):
    """A random normalised histogram (Dirichlet(1, ..., 1)): ties between thresholds have probability 0."""
    return rng.dirichlet(np.ones(int(L)))
