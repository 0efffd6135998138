"""Reference and generators for the five-point Laplacian note."""
import numpy as np
from algoverify import register_generator as register


def five_point(U, h):
    U = np.asarray(U, dtype=float)
    return (U[:-2, 1:-1] + U[2:, 1:-1] + U[1:-1, :-2] + U[1:-1, 2:] - 4 * U[1:-1, 1:-1]) / h**2


@register()
def grid_values(rng, m):
    return rng.standard_normal((m + 2, m + 2))


@register()
def quadratic_grid(rng, m, h):
    x = h * np.arange(m + 2)
    return x[:, None] ** 2 + x[None, :] ** 2
