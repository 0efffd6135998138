import itertools
import numpy as np
from algoverify import register_generator as register


@register()
def stochastic(rng, r, c):
    """An r x c matrix whose rows are probability vectors with no zero entry."""
    M = rng.uniform(0.05, 1.0, size=(r, c))
    return M / M.sum(axis=1, keepdims=True)


def brute_force_probability(a_0, A, E, x):
    """P(x) as the sum over all K^L state paths (Durbin eq. 3.4 without an end state)."""
    a_0, A, E = np.asarray(a_0, float), np.asarray(A, float), np.asarray(E, float)
    x = [int(v) - 1 for v in np.atleast_1d(x)]
    K, L = len(a_0), len(x)
    total = 0.0
    for path in itertools.product(range(K), repeat=L):
        p = a_0[path[0]] * E[path[0], x[0]]
        for i in range(1, L):
            p *= A[path[i - 1], path[i]] * E[path[i], x[i]]
        total += p
    return total
