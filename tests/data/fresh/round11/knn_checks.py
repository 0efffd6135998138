import numpy as np


def k_nearest(P, q, k):
    delta = np.linalg.norm(np.asarray(P) - np.asarray(q), axis=1)
    order = np.argsort(delta, kind="stable")[:k]
    S = {int(i) + 1 for i in order}           # 1-based indices, as in the note
    return S, float(delta[order].max())
