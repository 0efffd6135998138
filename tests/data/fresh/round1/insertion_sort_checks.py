import numpy as np


def sorted_copy(A):
    return np.sort(np.asarray(A, dtype=float))


def inversions(A):
    A = list(np.asarray(A).ravel())
    return sum(1 for i in range(len(A)) for k in range(i + 1, len(A)) if A[i] > A[k])


FUNCTIONS = {"inversions": inversions}
