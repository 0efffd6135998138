from functools import lru_cache
import numpy as np
from algoverify import register_generator as register


def longest_path(A):
    A = np.asarray(A)
    n = A.shape[0]

    @lru_cache(maxsize=None)
    def longest_from(u):
        return max([1 + longest_from(v) for v in range(n) if A[u, v]], default=0)

    return max(longest_from(u) for u in range(n))


def _is_dag(value, n):
    A = np.asarray(value)
    return A.shape == (n, n) and np.all((A == 0) | (A == 1)) and np.all(np.tril(A) == 0)


@register(contains=_is_dag)
def dag(rng, n):
    p = rng.uniform(0.1, 0.8)
    return np.triu((rng.random((n, n)) < p).astype(float), 1)
