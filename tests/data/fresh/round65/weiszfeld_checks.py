import numpy as np


def not_worse_than_centroid(A, K):
    """Weiszfeld run in Python: the reference iterate (same recurrence)."""
    A = np.asarray(A, dtype=float)
    x = A.mean(axis=0)
    for _ in range(int(K)):
        w = 1.0 / np.linalg.norm(x - A, axis=1)
        x = (w[:, None] * A).sum(axis=0) / w.sum()
    return x
