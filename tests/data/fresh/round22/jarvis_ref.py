"""Reference for the gift-wrapping note: Andrew's monotone chain, re-ordered."""
import numpy as np
from algoverify import register_generator as register


@register()
def scattered(rng, n):
    """n standard normal coordinates: points in general position with probability one."""
    return rng.standard_normal(int(n))


def _cross(o, a, b):
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def hull_ccw(x, y):
    pts = sorted(range(len(x)), key=lambda i: (x[i], y[i]))
    P = [(x[i], y[i]) for i in range(len(x))]
    lower, upper = [], []
    for i in pts:
        while len(lower) >= 2 and _cross(P[lower[-2]], P[lower[-1]], P[i]) <= 0:
            lower.pop()
        lower.append(i)
    for i in reversed(pts):
        while len(upper) >= 2 and _cross(P[upper[-2]], P[upper[-1]], P[i]) <= 0:
            upper.pop()
        upper.append(i)
    hull = lower[:-1] + upper[:-1]          # counter-clockwise, from the leftmost point
    return np.array([i + 1 for i in hull])  # 1-based, as the listing counts
