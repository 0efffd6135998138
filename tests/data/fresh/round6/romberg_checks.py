import numpy as np
from algoverify import register_generator as register


class Poly:
    def __init__(self, coeffs):
        self.coeffs = np.asarray(coeffs, dtype=float)   # highest degree first

    def __call__(self, x):
        return float(np.polyval(self.coeffs, x))

    def integral(self, a, b):
        P = np.polyint(self.coeffs)
        return float(np.polyval(P, b) - np.polyval(P, a))

    def __repr__(self):
        return f"Poly({self.coeffs.tolist()!r})"


class Exp:
    def __call__(self, x):
        return float(np.exp(x))

    def integral(self, a, b):
        return float(np.exp(b) - np.exp(a))

    def __repr__(self):
        return "Exp()"


@register()
def polynomial(rng, m):
    """A random polynomial of degree exactly 2m + 1."""
    return Poly(rng.standard_normal(2 * int(m) + 2))


@register()
def exponential(rng):
    return Exp()


def exact_integral(f, a, b):
    return f.integral(a, b)
