import numpy as np
from algoverify import register_generator as register


@register()
def head(rng, x, n):
    """p_1..p_n: the first n entries of a point of the simplex."""
    return np.asarray(x, float)[:n].copy()


@register()
def tail(rng, x, n):
    """q_0..q_n: the last n + 1 entries."""
    return np.asarray(x, float)[n:].copy()


def optimal_cost_by_recursion(p, q):
    p = list(np.asarray(p, float)); q = list(np.asarray(q, float))
    n = len(p)

    def cost(i, j, depth):
        if j < i:
            return depth * q[i - 1]
        return min(depth * p[r - 1] + cost(i, r - 1, depth + 1) + cost(r + 1, j, depth + 1)
                   for r in range(i, j + 1))

    return cost(1, n, 1)
