import numpy as np
from algoverify import register_generator as register


@register()
def top_eigenvalue(rng, Q):
    return float(np.linalg.eigvalsh(np.asarray(Q, float))[-1])


def nesterov_reference(Q, b, L, x_0, K):
    Q = np.asarray(Q, float)
    b = np.asarray(b, float)
    x = np.asarray(x_0, float).copy()
    y = x.copy()
    for k in range(1, int(K) + 1):
        x_new = y - (Q @ y - b) / L
        y = x_new + (k - 1) / (k + 2) * (x_new - x)
        x = x_new
    return x
