import numpy as np
from algoverify import register_generator as register


def moran_i(x, W):
    x = np.asarray(x, dtype=float)
    W = np.asarray(W, dtype=float)
    z = x - x.mean()
    return len(x) / W.sum() * (z @ W @ z) / (z @ z)


@register()
def spatial_weights(rng, n):
    W = rng.uniform(0, 1, (n, n)) * (rng.uniform(0, 1, (n, n)) < 0.6)
    W = (W + W.T) / 2
    np.fill_diagonal(W, 0.0)
    if W.sum() == 0:
        W[0, 1] = W[1, 0] = 1.0
    return W


@register()
def complete_weights(rng, n):
    return np.ones((n, n)) - np.eye(n)
