import numpy as np
from algoverify import register_generator as register


@register()
def with_factor(rng, n, r_true, s_true):
    """a_0..a_n of (x^2 - r x - s) q(x), q of degree n-2 with roots far from the factor's."""
    roots = rng.uniform(5, 9, n - 2) * rng.choice([-1, 1], n - 2)
    q = np.poly(roots) if n > 2 else np.array([1.0])        # highest degree first
    full = np.polymul([1.0, -r_true, -s_true], q)
    return full[::-1].copy()                                # a_0 first


@register()
def near(rng, v):
    return float(v + rng.uniform(-0.05, 0.05))


def true_factor(a, r, s, epsilon, r_true, s_true):
    return r_true, s_true
