import numpy as np
from algoverify import register_generator as register


@register()
def term_counts(rng, M, N):
    """An M x N term-frequency matrix in which every term occurs somewhere and every document is non-empty."""
    M, N = int(M), int(N)
    tf = rng.integers(0, 4, size=(M, N))
    for t in range(M):
        if tf[t].sum() == 0:
            tf[t, rng.integers(N)] = 1
    for d in range(N):
        if tf[:, d].sum() == 0:
            tf[rng.integers(M), d] = 1
    return tf


def bm25_scores(tf, q, k_1, b):
    tf = np.asarray(tf, float)
    q = np.asarray(q)
    M, N = tf.shape
    df = (tf > 0).sum(axis=1)
    L = tf.sum(axis=0)
    Lave = L.mean()
    idf = np.log(N / df)
    rsv = np.zeros(N)
    for d in range(N):
        for t in range(M):
            if q[t] == 1:
                rsv[d] += idf[t] * (k_1 + 1) * tf[t, d] / (k_1 * ((1 - b) + b * L[d] / Lave) + tf[t, d])
    return rsv
