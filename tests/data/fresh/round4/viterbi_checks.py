import itertools
import numpy as np
from algoverify import register_generator as register


@register(sizes=("rows", "cols"))
def stochastic(rng, rows, cols):
    """A row-stochastic matrix with entries bounded away from zero."""
    M = rng.uniform(0.05, 1.0, (rows, cols))
    return M / M.sum(axis=1, keepdims=True)


@register(sizes=("length",))
def symbols(rng, length, k):
    """A sequence of `length` symbols from 1..k."""
    return rng.integers(1, k + 1, length)


def brute_force_best_path(pi, P, B, o):
    pi = np.asarray(pi, dtype=float)
    P = np.asarray(P, dtype=float)
    B = np.asarray(B, dtype=float)
    o = [int(v) - 1 for v in o]
    S = len(pi)
    best, best_q = -np.inf, None
    for q in itertools.product(range(S), repeat=len(o)):
        s = np.log(pi[q[0]]) + np.log(B[q[0], o[0]])
        for t in range(1, len(o)):
            s += np.log(P[q[t - 1], q[t]]) + np.log(B[q[t], o[t]])
        if s > best:
            best, best_q = s, q
    return np.array([i + 1 for i in best_q])
