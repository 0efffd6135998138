"""Checks for the smallest-enclosing-disc note."""

import itertools

import numpy as np
from algoverify import register_generator as register


def _circle3(a, b, d):
    delta = 2 * (a[0] * (b[1] - d[1]) + b[0] * (d[1] - a[1]) + d[0] * (a[1] - b[1]))
    if abs(delta) < 1e-12:
        return None
    na, nb, nd = a @ a, b @ b, d @ d
    z = np.array([
        (na * (b[1] - d[1]) + nb * (d[1] - a[1]) + nd * (a[1] - b[1])) / delta,
        (na * (d[0] - b[0]) + nb * (a[0] - d[0]) + nd * (b[0] - a[0])) / delta,
    ])
    return z, float(np.linalg.norm(a - z))


def smallest_disc(P):
    """Brute force: the smallest of the candidate discs (through 2 or 3 points) containing every point."""
    P = np.asarray(P, dtype=float)
    n = len(P)
    best = None
    candidates = []
    for i, j in itertools.combinations(range(n), 2):
        candidates.append(((P[i] + P[j]) / 2, float(np.linalg.norm(P[i] - P[j]) / 2)))
    for i, j, k in itertools.combinations(range(n), 3):
        circ = _circle3(P[i], P[j], P[k])
        if circ is not None:
            candidates.append(circ)
    for c, r in candidates:
        if np.all(np.linalg.norm(P - c, axis=1) <= r * (1 + 1e-9) + 1e-12):
            if best is None or r < best[1]:
                best = (c, r)
    return best


@register()
def points(rng, n):
    """n points in general position (Gaussian, so no three on a line with probability one)."""
    return rng.standard_normal((n, 2))
