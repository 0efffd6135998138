import numpy as np
from algoverify import register_generator as register


@register()
def poly_of_degree(rng, d):
    """A random polynomial of degree d, as a function."""
    c = rng.normal(size=int(d) + 1)

    def f(x):
        return float(np.polyval(c, x))

    return f


def exact_integral(f, a, b):
    """Gauss-Legendre with 12 nodes: exact for polynomials of degree up to 23."""
    t, w = np.polynomial.legendre.leggauss(12)
    x = 0.5 * (b - a) * t + 0.5 * (a + b)
    return 0.5 * (b - a) * sum(wi * f(xi) for wi, xi in zip(w, x))


def trapezoid(f, a, b, m):
    m = int(m)
    h = (b - a) / m
    return h / 2 * (f(a) + 2 * sum(f(a + k * h) for k in range(1, m)) + f(b))


FUNCTIONS = {"trapezoid": trapezoid}
