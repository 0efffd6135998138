import numpy as np
from algoverify import register_generator as register


@register()
def sorted_points(rng, n):
    """n points with small integer coordinates (many collinear triples), sorted by x then y."""
    P = rng.integers(-5, 6, size=(n, 2)).astype(float)
    return P[np.lexsort((P[:, 1], P[:, 0]))]


def upper_hull(P):
    h = []
    for p in np.asarray(P, dtype=float):
        while len(h) >= 2 and ((h[-1][0] - h[-2][0]) * (p[1] - h[-2][1])
                               - (h[-1][1] - h[-2][1]) * (p[0] - h[-2][0])) >= 0:
            h.pop()
        h.append(p)
    return np.array(h)
