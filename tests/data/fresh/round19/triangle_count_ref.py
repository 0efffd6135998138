import itertools
import numpy as np
from algoverify import register_generator as register


def triangles(A):
    A = np.asarray(A)
    n = A.shape[0]
    return sum(1 for i, j, k in itertools.combinations(range(n), 3)
               if A[i, j] and A[i, k] and A[j, k])


def _is_graph(value, n):
    A = np.asarray(value)
    return (A.shape == (n, n) and np.all((A == 0) | (A == 1))
            and np.all(A == A.T) and np.all(np.diag(A) == 0))


@register(contains=_is_graph)
def graph(rng, n):
    p = rng.uniform(0.2, 0.9)
    U = np.triu((rng.random((n, n)) < p).astype(float), 1)
    return U + U.T
