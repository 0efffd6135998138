import numpy as np
from algoverify import register_generator as register


@register()
def star_polygon(rng, n):
    """A simple polygon, star-shaped about its centre, counter-clockwise."""
    n = int(n)
    th = np.sort(rng.uniform(0, 2 * np.pi, n))
    r = rng.uniform(0.2, 1.0, n)
    centre = rng.normal(0, 3, 2)
    return centre + np.column_stack([r * np.cos(th), r * np.sin(th)])


def fan_area_centroid(P):
    P = np.asarray(P, dtype=float)
    A = 0.0
    s = np.zeros(2)
    for i in range(1, len(P) - 1):
        a, b, c = P[0], P[i], P[i + 1]
        Ai = 0.5 * ((b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]))
        A += Ai
        s += Ai * (a + b + c) / 3
    return A, s / A
