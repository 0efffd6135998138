import numpy as np
from algoverify import register_generator as register


@register()
def separated_monic(rng, n):
    """Coefficients a_0, ..., a_{n-1} of a monic polynomial whose n real roots are at least 0.3 apart."""
    while True:
        r = 2.0 * rng.standard_normal(n)
        if n == 1 or np.min(np.diff(np.sort(r))) >= 0.3:
            if np.max(np.abs(r)) < 8:
                return np.poly(r)[::-1][:-1]
