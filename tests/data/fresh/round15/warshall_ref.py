import numpy as np


def transitive_closure(A):
    """Reachability by one or more arcs: repeated Boolean squaring of (A or A^2 or ...)."""
    R = (np.asarray(A) != 0).astype(int)
    n = R.shape[0]
    for _ in range(max(1, n)):
        R = ((R + R @ R) > 0).astype(int)
    return R.astype(float)
