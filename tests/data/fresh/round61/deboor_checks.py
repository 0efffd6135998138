import numpy as np
from algoverify import register_generator as register


def _basis(j, p, t, x):
    if p == 0:
        return 1.0 if t[j] <= x < t[j + 1] else 0.0
    out = 0.0
    if t[j + p] > t[j]:
        out += (x - t[j]) / (t[j + p] - t[j]) * _basis(j, p - 1, t, x)
    if t[j + p + 1] > t[j + 1]:
        out += (t[j + p + 1] - x) / (t[j + p + 1] - t[j + 1]) * _basis(j + 1, p - 1, t, x)
    return out


def spline_point(k, x, t, c, p):
    """s(x) = sum_j c_j N_{j,p}(x), by the Cox-de Boor recursion."""
    c = np.asarray(c, dtype=float)
    t = np.asarray(t, dtype=float)
    n = c.shape[0] - 1
    return sum(c[j] * _basis(j, p, t, x) for j in range(n + 1))


@register()
def clamped_knots(rng, n, p):
    """A clamped knot vector t_0..t_{n+p+1} with distinct interior knots."""
    interior = np.sort(rng.uniform(0.0, 1.0, n - p))
    return np.concatenate([np.zeros(p + 1), interior, np.ones(p + 1)])


@register()
def point_in_span(rng, t, k):
    """A parameter x in [t_k, t_{k+1})."""
    return float(rng.uniform(t[k], t[k + 1]))
