import numpy as np
from algoverify import register_generator


@register_generator()
def sorted_sequence(rng, n):
    """n integers in [0, n - 1], sorted in non-increasing order."""
    return sorted((int(v) for v in rng.integers(0, int(n), size=int(n))), reverse=True)


@register_generator()
def graph_degrees(rng, n):
    """The degrees of a random simple graph on n vertices, sorted non-increasing."""
    n = int(n)
    p = rng.uniform(0.1, 0.9)
    adj = np.triu(rng.uniform(size=(n, n)) < p, k=1)
    adj = adj | adj.T
    return sorted((int(v) for v in adj.sum(axis=1)), reverse=True)


def havel_hakimi(d):
    """Havel-Hakimi: repeatedly connect the largest degree to the next largest ones."""
    seq = sorted((int(v) for v in d), reverse=True)
    while seq and seq[0] > 0:
        first = seq.pop(0)
        if first > len(seq):
            return False
        for i in range(first):
            seq[i] -= 1
            if seq[i] < 0:
                return False
        seq.sort(reverse=True)
    return all(v == 0 for v in seq)
