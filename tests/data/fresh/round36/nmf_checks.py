import numpy as np


def lee_seung(V, W, H, T):
    V = np.asarray(V, float)
    W = np.array(W, float)
    H = np.array(H, float)
    for _ in range(int(T)):
        H = H * (W.T @ V) / (W.T @ W @ H)
        W = W * (V @ H.T) / (W @ H @ H.T)
    return W, H
