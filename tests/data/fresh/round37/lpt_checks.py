"""Checks for the LPT note: LPT with a heap, the optimal makespan by brute force, sorted job times."""

import heapq
import itertools

import numpy as np
from algoverify import register_generator as register


def lpt(p, m):
    """LPT with a heap of (load, machine); machines 1-based, ties to the lowest index."""
    heap = [(0.0, i) for i in range(1, m + 1)]
    a = []
    for pj in p:
        load, i = heapq.heappop(heap)
        a.append(i)
        heapq.heappush(heap, (load + float(pj), i))
    return np.array(a), max(load for load, _ in heap)


def opt(p, m):
    """The optimal makespan, over every assignment of jobs to machines."""
    p = [float(x) for x in p]
    m = int(m)
    best = np.inf
    for assignment in itertools.product(range(m), repeat=len(p)):
        loads = [0.0] * m
        for pj, i in zip(p, assignment):
            loads[i] += pj
        best = min(best, max(loads))
    return best


FUNCTIONS = {"opt": opt}


@register()
def sorted_times(rng, n):
    """n positive processing times, largest first."""
    return np.sort(rng.uniform(0.1, 10.0, size=n))[::-1].copy()
