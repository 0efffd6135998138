import numpy as np
from algoverify import register_generator as register


@register()
def sparse_matrix(rng, m, n):
    m, n = int(m), int(n)
    A = rng.standard_normal((m, n))
    A[rng.random((m, n)) < 0.5] = 0.0
    return A


@register()
def csr_values(rng, A):
    A = np.atleast_2d(np.asarray(A, dtype=float))
    return np.array([A[i, j] for i in range(A.shape[0]) for j in range(A.shape[1]) if A[i, j] != 0])


@register()
def csr_columns(rng, A):
    A = np.atleast_2d(np.asarray(A, dtype=float))
    return np.array([j + 1 for i in range(A.shape[0]) for j in range(A.shape[1]) if A[i, j] != 0], dtype=int)


@register()
def csr_pointers(rng, A):
    A = np.atleast_2d(np.asarray(A, dtype=float))
    ptr = [1]
    for i in range(A.shape[0]):
        ptr.append(ptr[-1] + int(np.count_nonzero(A[i])))
    return np.array(ptr, dtype=int)


def dense_product(A, x):
    return np.atleast_2d(np.asarray(A, dtype=float)) @ np.asarray(x, dtype=float)
