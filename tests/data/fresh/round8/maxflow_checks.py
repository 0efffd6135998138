import itertools
import numpy as np
from algoverify import register_generator as register


@register(sizes=("n",))
def capacities(rng, n):
    """A random integer capacity matrix with zero diagonal, about half the edges present."""
    C = rng.integers(0, 6, size=(n, n)) * (rng.random((n, n)) < 0.5)
    np.fill_diagonal(C, 0)
    return C.astype(float)


@register(sizes=("n",))
def last_vertex(rng, n):
    return n


def min_cut_capacity(C, s, t):
    """Brute force over all s-t cuts (vertices are 1-based)."""
    C = np.asarray(C, dtype=float)
    n = C.shape[0]
    others = [v for v in range(1, n + 1) if v not in (s, t)]
    best = np.inf
    for r in range(len(others) + 1):
        for side in itertools.combinations(others, r):
            S = {s, *side}
            cap = sum(C[u - 1, v - 1] for u in S for v in range(1, n + 1) if v not in S)
            best = min(best, cap)
    return best
