import numpy as np
from algoverify import register_generator as register


@register()
def nodes(rng, n):
    """n >= 3 increasing abscissae."""
    return np.cumsum(rng.uniform(0.1, 2.0, int(n))) - 1.0


@register()
def increasing(rng, n):
    return np.cumsum(rng.uniform(0.0, 2.0, int(n)))


def _end(h1, h2, del1, del2):
    d = ((2 * h1 + h2) * del1 - h1 * del2) / (h1 + h2)
    if np.sign(d) != np.sign(del1):
        d = 0.0
    elif np.sign(del1) != np.sign(del2) and abs(d) > abs(3 * del1):
        d = 3 * del1
    return d


def pchip_slopes(x, y):
    x = np.asarray(x, float)
    y = np.asarray(y, float)
    n = len(x)
    h = np.diff(x)
    delta = np.diff(y) / h
    d = np.zeros(n)
    for k in range(1, n - 1):
        if delta[k - 1] * delta[k] > 0:
            w1 = 2 * h[k] + h[k - 1]
            w2 = h[k] + 2 * h[k - 1]
            d[k] = (w1 + w2) / (w1 / delta[k - 1] + w2 / delta[k])
    d[0] = _end(h[0], h[1], delta[0], delta[1])
    d[n - 1] = _end(h[n - 2], h[n - 3], delta[n - 2], delta[n - 3])
    return d
