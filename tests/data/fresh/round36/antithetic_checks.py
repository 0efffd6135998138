import numpy as np
from algoverify import register_generator as register


@register()
def smooth_integrand(rng, d):
    """A random smooth, non-linear integrand on [0, 1]^d."""
    w = rng.standard_normal(d)
    c = rng.standard_normal()

    def f(u):
        u = np.asarray(u, float)
        return float(np.exp(w @ u) + c * np.sin(3.0 * u.sum()))

    f.__name__ = "smooth_integrand"
    return f


@register()
def affine_integrand(rng, c, a):
    """f(u) = c + a^T u."""
    a = np.asarray(a, float)

    def f(u):
        return float(c + a @ np.asarray(u, float))

    f.__name__ = "affine_integrand"
    return f


def plain_average_over_pairs(U, f):
    U = np.asarray(U, float)
    pts = np.vstack([U, 1.0 - U])
    return float(np.mean([f(p) for p in pts]))
