import numpy as np
from algoverify import register_generator as register


@register()
def star_polygon(rng, n):
    """A simple polygon, star-shaped about a point of the unit square, counter-clockwise."""
    n = int(n)
    th = np.sort(rng.uniform(0, 2 * np.pi, n))
    r = rng.uniform(0.2, 1.0, n)
    centre = rng.uniform(0, 1, 2)
    return centre + np.column_stack([r * np.cos(th), r * np.sin(th)])


@register()
def unit_square(rng):
    return np.array([[0.0, 0.0], [1.0, 0.0], [1.0, 1.0], [0.0, 1.0]])


def area(R):
    R = np.asarray(R, dtype=float).reshape(-1, 2)
    if len(R) < 3:
        return 0.0
    x, y = R[:, 0], R[:, 1]
    return 0.5 * abs(np.dot(x, np.roll(y, -1)) - np.dot(y, np.roll(x, -1)))


def inside(R, C, tol=1e-9):
    R = np.asarray(R, dtype=float).reshape(-1, 2)
    C = np.asarray(C, dtype=float)
    m = len(C)
    for j in range(m):
        a, b = C[j], C[(j + 1) % m]
        for q in R:
            if (b[0] - a[0]) * (q[1] - a[1]) - (b[1] - a[1]) * (q[0] - a[0]) < -tol:
                return False
    return True


FUNCTIONS = {"area": area, "inside": inside}
