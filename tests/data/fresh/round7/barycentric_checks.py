import numpy as np
from algoverify import register_generator as register


@register()
def nodes(rng, k):
    """k + 1 distinct nodes in [-1, 1]: perturbed Chebyshev points, sorted."""
    j = np.arange(k + 1)
    base = np.cos((2 * j + 1) * np.pi / (2 * (k + 1)))
    jitter = 0.1 / (k + 1) * rng.uniform(-1, 1, size=k + 1)
    return np.sort(base + jitter)


@register()
def poly_values(rng, coef, x):
    """The polynomial with coefficients coef (constant term first) at the points x."""
    return np.polynomial.polynomial.polyval(np.asarray(x, float), np.asarray(coef, float))


def lagrange_classic(x, y, t):
    x = np.asarray(x, float)
    y = np.asarray(y, float)
    total = 0.0
    for j in range(len(x)):
        ell = 1.0
        for i in range(len(x)):
            if i != j:
                ell *= (t - x[i]) / (x[j] - x[i])
        total += y[j] * ell
    return total


def poly_eval(coef, t):
    return float(np.polynomial.polynomial.polyval(t, np.asarray(coef, float)))
