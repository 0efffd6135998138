import numpy as np
from algoverify import register_generator as register


def f(x):
    return np.exp(x)


def f_prime(x):
    return np.exp(x)


FUNCTIONS = {"f": f, "f_prime": f_prime, "f'": f_prime}


@register()
def sorted_nodes(rng, n):
    """n + 1 sorted nodes in [-1, 1], at least 0.1 apart."""
    while True:
        x = np.sort(rng.uniform(-1, 1, n + 1))
        if n == 0 or np.min(np.diff(x)) > 0.1:
            return x


def hermite_newton_coefficients(x):
    x = np.asarray(x, float)
    z = np.repeat(x, 2)
    m = len(z)
    Q = np.zeros((m, m))
    Q[:, 0] = np.exp(z)
    for i in range(1, m):
        if z[i] == z[i - 1]:
            Q[i, 1] = np.exp(z[i])
        else:
            Q[i, 1] = (Q[i, 0] - Q[i - 1, 0]) / (z[i] - z[i - 1])
    for i in range(2, m):
        for j in range(2, i + 1):
            Q[i, j] = (Q[i, j - 1] - Q[i - 1, j - 1]) / (z[i] - z[i - j])
    return np.diag(Q)
