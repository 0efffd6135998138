"""References and generators for the note on Laguerre's method."""
import numpy as np
from algoverify import register_generator as register


@register()
def coefficients_of(rng, r):
    """The coefficients a_0, ..., a_n of the monic polynomial with roots r (lowest first)."""
    return np.poly(np.asarray(r, dtype=float))[::-1].copy()


def laguerre_reference(a, x, tau, K):
    """Press et al., laguer, in real arithmetic: returns the root it converges to."""
    a = np.asarray(a, dtype=float)
    n = len(a) - 1
    for _ in range(int(K)):
        b, d, f = a[n], 0.0, 0.0
        for j in range(n - 1, -1, -1):
            f = x * f + d
            d = x * d + b
            b = x * b + a[j]
        if b == 0:
            return x
        G = d / b
        H = G * G - 2 * f / b
        s = np.sqrt((n - 1) * (n * H - G * G))
        gp, gm = G + s, G - s
        if abs(gp) < abs(gm):
            gp = gm
        dx = n / gp
        x = x - dx
        if abs(dx) <= tau:
            return x
    return x
