"""Brute-force HMM likelihood and a stochastic-matrix generator for hmm-forward.md."""
import itertools
import numpy as np
from algoverify import register_generator as register


@register()
def stochastic(rng, rows, cols):
    """A row-stochastic matrix with strictly positive entries (Dirichlet(1) rows)."""
    return rng.dirichlet(np.ones(int(cols)), size=int(rows))


def brute_force_likelihood(A, B, pi, o):
    A = np.asarray(A, dtype=float)
    B = np.asarray(B, dtype=float)
    pi = np.asarray(pi, dtype=float)
    obs = [int(round(v)) - 1 for v in np.atleast_1d(o)]   # symbols are 1-based
    K = A.shape[0]
    total = 0.0
    for path in itertools.product(range(K), repeat=len(obs)):
        p = pi[path[0]] * B[path[0], obs[0]]
        for t in range(1, len(obs)):
            p *= A[path[t - 1], path[t]] * B[path[t], obs[t]]
        total += p
    return total
