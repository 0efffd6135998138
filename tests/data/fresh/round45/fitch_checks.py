import numpy as np
from algoverify import register_generator as register


@register()
def leaf_states(rng, h):
    """Residues 1..4 at the 2^h leaves of a complete binary tree."""
    return rng.integers(1, 5, size=2 ** int(h))


def sankoff_unit_cost(x):
    """Sankoff's dynamic programme with unit substitution cost on the same heap-ordered tree."""
    x = [int(v) for v in x]
    n = len(x)
    INF = float("inf")
    cost = {}
    for i in range(n):
        cost[n + i] = [0 if a == x[i] else INF for a in range(1, 5)]
    for k in range(n - 1, 0, -1):
        cost[k] = [
            sum(min(cost[c][b] + (a != b) for b in range(4)) for c in (2 * k, 2 * k + 1))
            for a in range(4)
        ]
    return int(min(cost[1]))
