import numpy as np
from algoverify import register_generator as register


@register()
def lattice(rng, N, h):
    """N particles at spacing h: x_i = i h."""
    return h * np.arange(1, int(N) + 1, dtype=float)


def sph_density(x, m, h):
    x = np.asarray(x, dtype=float)
    m = np.asarray(m, dtype=float)
    q = np.abs(x[:, None] - x[None, :]) / h
    w = np.where(q < 1, 1 - 1.5 * q ** 2 + 0.75 * q ** 3, np.where(q < 2, 0.25 * (2 - q) ** 3, 0.0))
    W = 2.0 / (3.0 * h) * w
    return W @ m
