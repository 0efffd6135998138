import numpy as np
from algoverify import register_generator as register


@register()
def autocorrelation(rng, p, length=40):
    """Biased sample autocorrelations r_0, ..., r_p of a random AR(2)-coloured signal.

    The biased estimator always gives a positive semi-definite Toeplitz matrix, and a
    positive definite one for a signal that is not identically zero."""
    e = rng.standard_normal(length + 2)
    s = np.zeros(length + 2)
    for t in range(2, length + 2):
        s[t] = 0.5 * s[t - 1] - 0.3 * s[t - 2] + e[t]
    s = s[2:]
    return np.array([np.dot(s[: length - k], s[k:]) / length for k in range(p + 1)])


def yule_walker_solve(r):
    r = np.asarray(r, float)
    p = len(r) - 1
    T = np.array([[r[abs(i - j)] for j in range(p)] for i in range(p)])
    a = np.linalg.solve(T, r[1:])
    E = r[0] - a @ r[1:]
    return a, E
