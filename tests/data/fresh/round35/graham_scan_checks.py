"""Generator, binding and reference for the Graham-scan note."""
import numpy as np
from algoverify import register_generator as register


@register()
def general_position(rng, n):
    """n points in the unit square, no three collinear, a unique lowest point."""
    while True:
        P = rng.random((n, 2))
        ok = len(set(np.round(P[:, 1], 12))) == n
        for i in range(n):
            for j in range(i + 1, n):
                for k in range(j + 1, n):
                    a, b, c = P[i], P[j], P[k]
                    cr = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
                    if abs(cr) < 1e-6:
                        ok = False
        if ok:
            return P


def _lowest_then_by_angle(P):
    P = np.asarray(P, dtype=float)
    low = min(range(len(P)), key=lambda i: (P[i, 1], P[i, 0]))
    rest = [i for i in range(len(P)) if i != low]
    d = P[rest] - P[low]
    order = np.argsort(np.arctan2(d[:, 1], d[:, 0]), kind="stable")
    return np.vstack([P[low], P[rest][order]])


def sort_by_angle(step):
    """Binds 'sort the points by polar angle about the lowest point, giving q_1, ..., q_n'."""
    try:
        P = step["P"]
    except Exception:
        P = step["p"]
    step["q"] = _lowest_then_by_angle(P)


BINDINGS = {"sort the points by polar angle": sort_by_angle}


def convex_hull_ccw(P):
    """Andrew's monotone chain; the hull's vertices counter-clockwise from the lowest point."""
    P = np.asarray(P, dtype=float)
    pts = sorted(map(tuple, P))

    def cross(o, a, b):
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    lower, upper = [], []
    for p in pts:
        while len(lower) >= 2 and cross(lower[-2], lower[-1], p) <= 0:
            lower.pop()
        lower.append(p)
    for p in reversed(pts):
        while len(upper) >= 2 and cross(upper[-2], upper[-1], p) <= 0:
            upper.pop()
        upper.append(p)
    hull = lower[:-1] + upper[:-1]
    low = min(range(len(hull)), key=lambda i: (hull[i][1], hull[i][0]))
    hull = hull[low:] + hull[:low]
    return np.array(hull)
