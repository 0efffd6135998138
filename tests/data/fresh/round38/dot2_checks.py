"""Reference and ill-conditioned test vectors for ogita-rump-oishi-dot2.md."""

from fractions import Fraction

import numpy as np
from algoverify import register_generator as register


def exact_dot(x, y):
    """The exact dot product of two float vectors, rounded once to double."""
    x = np.atleast_1d(np.asarray(x, float)); y = np.atleast_1d(np.asarray(y, float))
    return float(sum(Fraction(float(a)) * Fraction(float(b)) for a, b in zip(x, y)))


@register()
def cancelling(rng, n):
    """Entries of sizes 1 to 1e12 that nearly cancel in pairs, so that their sum is ill conditioned."""
    h = n // 2
    big = rng.standard_normal(h) * 10.0 ** rng.integers(0, 13, h)
    partner = -big * (1.0 + 2.0 ** -30 * rng.standard_normal(h))
    rest = rng.standard_normal(n - 2 * h)
    return rng.permutation(np.concatenate([big, partner, rest]))
