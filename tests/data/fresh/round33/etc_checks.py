"""Checks for explore-then-commit.md: ETC on a reward table, in NumPy."""
import numpy as np


def explore_then_commit(X, k, m, n):
    X = np.asarray(X, dtype=float)
    k, m, n = int(k), int(m), int(n)
    A = np.zeros(n, dtype=int)
    S = np.zeros(k)
    for t in range(1, m * k + 1):
        a = t % k + 1
        A[t - 1] = a
        S[a - 1] += X[t - 1, a - 1]
    mu = S / m
    best = int(np.argmax(mu)) + 1
    A[m * k:] = best
    total = sum(X[t, A[t] - 1] for t in range(n))
    return A, total
