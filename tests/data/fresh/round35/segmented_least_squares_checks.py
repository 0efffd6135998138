"""Generator and brute-force reference for the segmented least squares note."""
import itertools

import numpy as np
from algoverify import register_generator as register


@register()
def increasing(rng, n):
    """n abscissae x_1 < ... < x_n in [0, 10], at least 0.05 apart."""
    gaps = 0.05 + rng.random(n)
    x = np.cumsum(gaps)
    return 10 * x / x[-1] if n > 1 else x


def _sse(x, y):
    if len(x) == 1:
        return 0.0
    a, b = np.polyfit(x, y, 1)
    return float(np.sum((y - a * x - b) ** 2))


def best_segmentation_cost(x, y, C):
    """Minimum over all partitions into runs of consecutive points of (errors + C * segments)."""
    x = np.asarray(x, dtype=float)
    y = np.asarray(y, dtype=float)
    n = len(x)
    best = np.inf
    for r in range(n):
        for cuts in itertools.combinations(range(1, n), r):
            bounds = [0, *cuts, n]
            cost = sum(_sse(x[i:j], y[i:j]) + C for i, j in zip(bounds, bounds[1:]))
            best = min(best, cost)
    return best
