import numpy as np
from algoverify import register_generator as register


def composite_boole(m, f, a, b):
    f = np.asarray(f, dtype=float)
    m = int(m)
    h = (b - a) / (4 * m)
    w = np.zeros(4 * m + 1)
    for j in range(m):
        w[4 * j: 4 * j + 5] += np.array([7, 32, 12, 32, 7], dtype=float)
    return 2 * h / 45 * float(w @ f)


def samples(c, a, b, m):
    """Values of the polynomial sum_k c[k] x^k at the 4m + 1 equally spaced nodes."""
    x = np.linspace(a, b, 4 * int(m) + 1)
    return np.polynomial.polynomial.polyval(x, np.asarray(c, dtype=float))


def integral(c, a, b):
    P = np.polynomial.polynomial.polyint(np.asarray(c, dtype=float))
    return float(np.polynomial.polynomial.polyval(b, P) - np.polynomial.polynomial.polyval(a, P))


FUNCTIONS = {"samples": samples, "integral": integral}


@register()
def ones_like_nodes(rng, m):
    return np.ones(4 * int(m) + 1)
