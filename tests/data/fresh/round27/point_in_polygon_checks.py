import numpy as np
from algoverify import register_generator as register


@register()
def star_polygon(rng, n):
    """A simple polygon: n vertices at increasing angles around the origin, radii in [0.5, 2)."""
    t = np.sort(rng.uniform(0, 2 * np.pi, n))
    r = rng.uniform(0.5, 2, n)
    return np.column_stack([r * np.cos(t), r * np.sin(t)])


@register()
def xs(rng, V):
    return np.asarray(V)[:, 0].copy()


@register()
def ys(rng, V):
    return np.asarray(V)[:, 1].copy()


@register()
def reversed_(rng, v):
    return np.asarray(v)[::-1].copy()


def inside_by_winding(x, y, a, b):
    x = np.asarray(x, float); y = np.asarray(y, float)
    ang = np.arctan2(y - b, x - a)
    d = np.diff(np.append(ang, ang[0]))
    d = (d + np.pi) % (2 * np.pi) - np.pi
    return bool(abs(d.sum()) > np.pi)
