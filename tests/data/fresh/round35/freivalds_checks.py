"""Generator and reference for the Freivalds note."""
import numpy as np
from algoverify import register_generator as register


@register()
def wrong_product(rng, A, B):
    """A B with one to three entries changed by a non-zero integer."""
    C = np.asarray(A) @ np.asarray(B)
    n = C.shape[0]
    for _ in range(int(rng.integers(1, 4))):
        i, j = rng.integers(0, n, size=2)
        C[i, j] += rng.choice([-2, -1, 1, 2])
    if np.array_equal(C, np.asarray(A) @ np.asarray(B)):
        C[0, 0] += 1
    return C.astype(float)


def accepts(A, B, C, r):
    """Whether (A B - C) r = 0."""
    A, B, C, r = (np.asarray(v, dtype=float) for v in (A, B, C, r))
    return bool(np.all((A @ B - C) @ r == 0))
