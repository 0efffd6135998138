import itertools
import numpy as np


def brute_force_cost(d, K, h):
    """Minimum cost over every set of order periods (period 1 always orders)."""
    d = np.asarray(d, dtype=float)
    T = len(d)
    best = np.inf
    for mask in itertools.product([0, 1], repeat=T - 1):
        orders = [0] + [i + 1 for i, b in enumerate(mask) if b]
        cost = 0.0
        for a, j in enumerate(orders):
            end = orders[a + 1] if a + 1 < len(orders) else T
            # order in period j covers periods j..end-1 (0-based)
            if d[j:end].sum() > 0:
                cost += K
            cost += h * sum((k - j) * d[k] for k in range(j, end))
        best = min(best, cost)
    return best
