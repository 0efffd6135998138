import numpy as np
from algoverify import register_generator as register


@register()
def random_weights(rng, n, p=0.5):
    """Non-negative weights in [0, 10), inf where there is no edge, zero diagonal."""
    n = int(n)
    W = np.where(rng.random((n, n)) < p, rng.uniform(0, 10, (n, n)), np.inf)
    np.fill_diagonal(W, 0.0)
    return W


def all_pairs_reference(W):
    D = np.array(W, dtype=float)
    n = D.shape[0]
    for k in range(n):
        D = np.minimum(D, D[:, [k]] + D[[k], :])
    return D
