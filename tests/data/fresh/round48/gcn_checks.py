import numpy as np
from algoverify import register_generator as register


@register()
def adjacency(rng, N):
    U = np.triu((rng.random((N, N)) < 0.4).astype(float), 1)
    return U + U.T


def gcn_layer(A, H, W):
    A = np.asarray(A, dtype=float)
    At = A + np.eye(len(A))
    d = At.sum(axis=1)
    Ah = At / np.sqrt(d)[:, None] / np.sqrt(d)[None, :]
    return np.maximum(Ah @ np.asarray(H) @ np.asarray(W), 0)
