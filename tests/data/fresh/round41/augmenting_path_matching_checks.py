import numpy as np
from scipy.optimize import linear_sum_assignment


def matching_size_and_any_mates(A):
    """Maximum matching size via the assignment problem on 0/1 weights.

    The mates of a maximum matching are not unique, so the first output is compared with a
    huge tolerance (only its shape matters); k is the claim."""
    A = np.asarray(A, dtype=float)
    m, n = A.shape
    rows, cols = linear_sum_assignment(A, maximize=True)
    k = int(sum(A[r, c] for r, c in zip(rows, cols)))
    mate = np.zeros(n)
    for r, c in zip(rows, cols):
        if A[r, c]:
            mate[c] = r + 1
    return mate, k
