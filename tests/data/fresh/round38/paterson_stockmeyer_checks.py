"""Reference for paterson-stockmeyer.md: Horner's rule on matrices."""

import numpy as np


def horner_matrix(X, b, s):
    """p(X) = sum_i b_i X^i by Horner's rule (s, the block size, does not change the value)."""
    X = np.asarray(X, float)
    b = np.atleast_1d(np.asarray(b, float))
    n = X.shape[0]
    Y = b[-1] * np.eye(n)
    for c in b[-2::-1]:
        Y = Y @ X + c * np.eye(n)
    return Y
