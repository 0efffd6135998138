import numpy as np
from algoverify import register_generator as register


def midpoint_steps(A, y_0, h, N):
    """N steps of the implicit midpoint rule, one linear solve each."""
    A = np.asarray(A, float)
    y = np.asarray(y_0, float).copy()
    I = np.eye(A.shape[0])
    for _ in range(int(N)):
        y = np.linalg.solve(I - 0.5 * h * A, (I + 0.5 * h * A) @ y)
    return y


@register()
def skew(rng, d):
    """A random skew-symmetric d x d matrix."""
    B = rng.standard_normal((d, d))
    return B - B.T
