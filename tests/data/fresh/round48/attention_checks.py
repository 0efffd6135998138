import numpy as np


def attention(Q, K, V):
    Q, K, V = (np.asarray(M, dtype=float) for M in (Q, K, V))
    S = Q @ K.T / np.sqrt(Q.shape[1])
    S = S - S.max(axis=1, keepdims=True)
    P = np.exp(S)
    P /= P.sum(axis=1, keepdims=True)
    return P @ V, P
