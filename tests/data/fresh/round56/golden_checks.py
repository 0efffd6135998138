"""Generator and reference for the golden section note."""
import math
from algoverify import register_generator as register


@register()
def bowl(rng, x_star):
    """A unimodal function with its minimum at x_star: |x - x_star|^p, p in [0.5, 3]."""
    p = float(rng.uniform(0.5, 3.0))
    c = float(x_star)
    return lambda x: abs(x - c) ** p


def golden(a, b, f, tol):
    tau = (math.sqrt(5) - 1) / 2
    x1 = a + (1 - tau) * (b - a)
    f1 = f(x1)
    x2 = a + tau * (b - a)
    f2 = f(x2)
    while (b - a) > tol:
        if f1 > f2:
            a = x1
            x1 = x2
            f1 = f2
            x2 = a + tau * (b - a)
            f2 = f(x2)
        else:
            b = x2
            x2 = x1
            f2 = f1
            x1 = a + (1 - tau) * (b - a)
            f1 = f(x1)
    return (a + b) / 2
