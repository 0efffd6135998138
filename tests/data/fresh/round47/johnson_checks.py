import itertools
import numpy as np


def makespan(order, a, b):
    c1 = c2 = 0
    for i in order:
        c1 += a[i]
        c2 = max(c2, c1) + b[i]
    return c2


def johnson_reference(a, b):
    """Johnson's sequence (1-based, ties broken by the smallest index, machine 1 first)
    and the optimal makespan found by trying every order."""
    a = [int(x) for x in a]
    b = [int(x) for x in b]
    n = len(a)
    J = set(range(n))
    seq = [None] * n
    f, l = 0, n - 1
    while J:
        i = min(sorted(J), key=lambda j: min(a[j], b[j]))
        if a[i] <= b[i]:
            seq[f] = i; f += 1
        else:
            seq[l] = i; l -= 1
        J.remove(i)
    best = min(makespan(p, a, b) for p in itertools.permutations(range(n)))
    return np.array([s + 1 for s in seq]), best
