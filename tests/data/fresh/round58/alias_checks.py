"""Reference for the alias-method note: Vose's construction with the same stack discipline."""
import numpy as np


def vose_tables(p):
    p = np.asarray(p, dtype=float)
    n = len(p)
    q = n * p
    prob = np.zeros(n)
    alias = np.arange(1, n + 1)
    small, large = [], []
    for i in range(n):
        (small if q[i] < 1 else large).append(i)
    while small and large:
        l = small.pop()
        g = large.pop()
        prob[l] = q[l]
        alias[l] = g + 1
        q[g] = (q[g] + q[l]) - 1
        (small if q[g] < 1 else large).append(g)
    while large:
        prob[large.pop()] = 1.0
    while small:
        prob[small.pop()] = 1.0
    return prob, alias
