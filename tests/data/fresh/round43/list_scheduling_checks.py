"""The optimal makespan by brute force, for small instances of the list-scheduling note."""
import itertools

import numpy as np


def optmakespan(p, m):
    p = [float(v) for v in np.ravel(p)]
    m = int(m)
    best = float("inf")
    for assignment in itertools.product(range(m), repeat=len(p)):
        loads = [0.0] * m
        for job, machine in enumerate(assignment):
            loads[machine] += p[job]
        best = min(best, max(loads))
    return best


FUNCTIONS = {"optmakespan": optmakespan}
