"""Generators and reference backtracking for armijo-backtracking.md."""
import numpy as np
from algoverify import register_generator as register


class Quadratic:
    """f(x) = 1/2 x^T Q x."""

    def __init__(self, Q):
        self.Q = np.asarray(Q, dtype=float)

    def __call__(self, x):
        x = np.asarray(x, dtype=float)
        return 0.5 * float(x @ self.Q @ x)

    def __repr__(self):
        return f"Quadratic(n={self.Q.shape[0]})"


@register()
def quadratic(rng, Q):
    return Quadratic(Q)


@register()
def gradient_of_quadratic(rng, Q, x):
    return np.asarray(Q, dtype=float) @ np.asarray(x, dtype=float)


@register()
def negated(rng, g):
    return -np.asarray(g, dtype=float)


@register()
def largest_eigenvalue(rng, Q):
    return float(np.linalg.eigvalsh(np.asarray(Q, dtype=float))[-1])


def backtrack(f, x, g, p, alpha_bar, rho, c):
    x = np.asarray(x, dtype=float)
    g = np.asarray(g, dtype=float)
    p = np.asarray(p, dtype=float)
    alpha = alpha_bar
    fx = f(x)
    slope = float(g @ p)
    while f(x + alpha * p) > fx + c * alpha * slope:
        alpha = rho * alpha
    return alpha
