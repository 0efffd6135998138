"""Integrands for the midpoint-rule note: polynomials of degree at most 2 that know their integral."""
from algoverify import register_generator as register


class Poly:
    def __init__(self, c0, c1, c2=0.0):
        self.c0, self.c1, self.c2 = float(c0), float(c1), float(c2)

    def __call__(self, x):
        return self.c0 + self.c1 * x + self.c2 * x * x

    def antiderivative(self, x):
        return self.c0 * x + self.c1 * x * x / 2 + self.c2 * x ** 3 / 3

    def __repr__(self):
        return f"Poly({self.c0!r}, {self.c1!r}, {self.c2!r})"


@register()
def affine(rng):
    return Poly(rng.normal(), rng.normal())


@register()
def quadratic(rng):
    return Poly(rng.normal(), rng.normal(), rng.normal())


def exact_integral(f, a, b):
    return f.antiderivative(b) - f.antiderivative(a)


def integral(f, a, b):
    return exact_integral(f, a, b)


def curvature(f):
    """f'' of the quadratic f."""
    return 2 * f.c2


FUNCTIONS = {"integral": integral, "curvature": curvature}
