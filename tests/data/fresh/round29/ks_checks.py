import numpy as np

from algoverify import register_generator as register


@register()
def sorted_uniform(rng, n):
    """n sorted draws from U[0, 1]."""
    return np.sort(rng.random(n))


def ks_from_ecdf(u):
    """sqrt(n) sup_x (F_n(x) - x) and sqrt(n) sup_x (x - F_n(x)) on [0, 1], from the jumps of F_n."""
    u = np.sort(np.asarray(u, dtype=float))
    n = len(u)
    above = np.arange(1, n + 1) / n - u    # F_n(u_j) - u_j
    below = u - np.arange(0, n) / n        # u_j - F_n(u_j -)
    # between jumps F_n is constant and F increases, so the sups are at the jumps (or at 0, 1 where they are 0)
    return np.sqrt(n) * max(above.max(), 0.0), np.sqrt(n) * max(below.max(), 0.0)
