import numpy as np
from algoverify import register_generator as register


@register()
def row_stochastic(rng, n):
    """A sparse-ish non-negative matrix whose rows sum to one."""
    n = int(n)
    M = rng.uniform(0.0, 1.0, size=(n, n))
    M[rng.uniform(size=(n, n)) < 0.5] = 0.0
    for i in range(n):
        if M[i].sum() == 0.0:
            M[i, rng.integers(n)] = 1.0
    return M / M.sum(axis=1, keepdims=True)


def pagerank_exact(P, alpha, tau):
    P = np.asarray(P, dtype=float)
    n = P.shape[0]
    r = np.linalg.solve(np.eye(n) - alpha * P.T, (1.0 - alpha) / n * np.ones(n))
    return r / r.sum()
