import numpy as np


def hoare_partition(A, lo, hi):
    A = np.array(A, dtype=float).copy()
    p = A[lo]
    i, j = lo - 1, hi + 1
    while True:
        i += 1
        while A[i] < p:
            i += 1
        j -= 1
        while A[j] > p:
            j -= 1
        if i >= j:
            return j, A
        A[i], A[j] = A[j], A[i]
