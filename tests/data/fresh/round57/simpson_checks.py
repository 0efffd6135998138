import numpy as np
from algoverify import register_generator as register


@register()
def cubic(rng):
    """A random cubic polynomial, as a function."""
    c = rng.normal(size=4)

    def f(x):
        return float(np.polyval(c, x))

    return f


@register()
def quartic(rng):
    """f(x) = x^4."""
    def f(x):
        return float(x) ** 4

    return f


@register()
def even(rng, lo, hi):
    """An even integer in [lo, hi]."""
    return 2 * int(rng.integers(int(lo) // 2, int(hi) // 2 + 1))


def exact_integral(f, a, b):
    """Gauss-Legendre with 10 nodes: exact for polynomials of degree up to 19."""
    t, w = np.polynomial.legendre.leggauss(10)
    x = 0.5 * (b - a) * t + 0.5 * (a + b)
    return 0.5 * (b - a) * sum(wi * f(xi) for wi, xi in zip(w, x))
