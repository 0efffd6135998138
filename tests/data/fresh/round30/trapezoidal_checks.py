import numpy as np
from algoverify import register_generator as register


@register()
def skew(rng, n):
    S = rng.standard_normal((n, n))
    return S - S.T


def cayley_steps(A, y_0, h, N):
    A = np.asarray(A, dtype=float)
    n = A.shape[0]
    I = np.eye(n)
    y = np.asarray(y_0, dtype=float)
    for _ in range(N):
        y = np.linalg.solve(I - h / 2 * A, (I + h / 2 * A) @ y)
    return y
