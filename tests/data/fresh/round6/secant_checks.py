import numpy as np
from algoverify import register_generator as register


class Cubic:
    """f(x) = x^3 + x - c, callable."""

    def __init__(self, c):
        self.c = float(c)

    def __call__(self, x):
        return x ** 3 + x - self.c

    def __repr__(self):
        return f"Cubic(c={self.c!r})"


@register()
def shifted_cubic(rng, c):
    return Cubic(c)


def cubic_root(f, x_0, x_1, varepsilon):
    roots = np.roots([1.0, 0.0, 1.0, -f.c])
    real = roots[np.abs(roots.imag) < 1e-9].real
    return float(real[0])
