"""Reference and test matrices for parlett-reinsch-balancing.md."""

import numpy as np
from algoverify import register_generator as register


def balanc(A, beta):
    """Numerical Recipes' balanc (3rd ed., Sec. 11.6), returning the balanced matrix and the scale."""
    a = np.array(A, dtype=float)
    n = a.shape[0]
    scale = np.ones(n)
    sqrdx = beta * beta
    done = False
    while not done:
        done = True
        for i in range(n):
            r = c = 0.0
            for j in range(n):
                if j != i:
                    c += abs(a[j, i])
                    r += abs(a[i, j])
            if c != 0.0 and r != 0.0:
                g = r / beta
                f = 1.0
                s = c + r
                while c < g:
                    f *= beta
                    c *= sqrdx
                g = r * beta
                while c > g:
                    f /= beta
                    c /= sqrdx
                if (c + r) / f < 0.95 * s:
                    done = False
                    g = 1.0 / f
                    scale[i] *= f
                    a[i, :] *= g
                    a[:, i] *= f
    return a, scale


@register()
def graded(rng, n):
    """A badly scaled matrix: D A0 D^{-1} with D spanning many orders of magnitude."""
    A0 = rng.standard_normal((n, n))
    D = 10.0 ** rng.uniform(-6, 6, n)
    return (D[:, None] * A0) / D[None, :]
