"""Checks for the greedy set cover note."""

import itertools

from algoverify import register_generator as register


@register()
def family(rng, n, m):
    """m random subsets of {1..n} whose union is {1..n}: each element joins one forced set and some random ones."""
    sets = [set() for _ in range(m)]
    for e in range(1, n + 1):
        sets[int(rng.integers(0, m))].add(e)
        for j in range(m):
            if rng.uniform() < 0.3:
                sets[j].add(e)
    return sets


def greedy(S, n):
    """Greedy with ties to the lowest index; returns the set of 1-based indices."""
    uncovered = set(range(1, n + 1))
    chosen = set()
    while uncovered:
        j = max(range(len(S)), key=lambda j: (len(S[j] & uncovered), -j))
        chosen.add(j + 1)
        uncovered -= S[j]
    return chosen


def opt(S):
    """The size of a smallest cover, by trying every collection in order of size."""
    universe = set().union(*S)
    for r in range(len(S) + 1):
        for combo in itertools.combinations(S, r):
            if set().union(*combo) == universe:
                return r
    return len(S)


FUNCTIONS = {"opt": opt}
