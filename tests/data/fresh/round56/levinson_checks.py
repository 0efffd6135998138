"""Generator and reference for the Levinson-Durbin note."""
import numpy as np
from algoverify import register_generator as register


@register()
def autocorrelation(rng, p):
    """Biased autocorrelation estimate r(0..p) of a random sequence: positive definite."""
    p = int(p)
    n = p + 1 + int(rng.integers(5, 40))
    x = rng.standard_normal(n)
    return np.array([np.dot(x[: n - k], x[k:]) / n for k in range(p + 1)])


def toeplitz_solution(r_x):
    r = np.asarray(r_x, dtype=float)
    p = len(r) - 1
    R = np.array([[r[abs(i - j)] for j in range(p)] for i in range(p)])
    a = np.linalg.solve(R, -r[1:])
    eps = r[0] + np.dot(a, r[1:])
    return a, eps
