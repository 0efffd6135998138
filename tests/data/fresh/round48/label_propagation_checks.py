import numpy as np
from algoverify import register_generator as register


@register()
def label_matrix(rng, n, C):
    return rng.dirichlet(np.ones(C), size=n)


def propagate(W, Y, l, T):
    W = np.asarray(W, dtype=float)
    Y = np.array(Y, dtype=float)
    P = W / W.sum(axis=1, keepdims=True)
    YL = Y[:l].copy()
    for _ in range(T):
        Y = P @ Y
        Y[:l] = YL
    return Y
