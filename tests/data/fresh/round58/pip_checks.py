"""A generator of simple polygons and an independent reference for the point-in-polygon note."""
import numpy as np
from algoverify import register_generator as register


@register()
def star_polygon(rng, n):
    """A simple polygon, star-shaped about the origin: n vertices at increasing angles, radii in [0.5, 2]."""
    n = int(n)
    angles = np.sort(rng.uniform(0, 2 * np.pi, n))
    radii = rng.uniform(0.5, 2.0, n)
    return np.column_stack([radii * np.cos(angles), radii * np.sin(angles)])


def inside_by_winding_number(P, q_x, q_y):
    """Inside a simple polygon exactly when the winding number about q is non-zero."""
    P = np.asarray(P, dtype=float) - np.array([q_x, q_y])
    a = np.arctan2(P[:, 1], P[:, 0])
    turn = np.diff(np.append(a, a[0]))
    turn = (turn + np.pi) % (2 * np.pi) - np.pi
    return bool(abs(np.sum(turn)) > np.pi)
