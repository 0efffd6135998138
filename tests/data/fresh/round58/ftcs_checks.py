"""Reference and generators for the FTCS note."""
import numpy as np
from algoverify import register_generator as register


def ftcs(U_of_0, k, N):
    U = np.asarray(U_of_0, dtype=float).copy()
    m = len(U) - 2
    h = 1.0 / (m + 1)
    r = k / h**2
    for _ in range(int(N)):
        V = U.copy()
        V[1:-1] = U[1:-1] + r * (U[:-2] - 2 * U[1:-1] + U[2:])
        U = V
    return U


@register()
def stable_step(rng, M):
    """A time step with k / h^2 in (0.05, 0.5], h = 1/(M - 1)."""
    h = 1.0 / (M - 1)
    return float(rng.uniform(0.05, 0.5) * h * h)


@register()
def sine_mode(rng, M):
    """The grid values of sin(pi x) on x_i = i h, i = 0..M-1, h = 1/(M-1)."""
    i = np.arange(M)
    return np.sin(np.pi * i / (M - 1))
