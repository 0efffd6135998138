import numpy as np


def prefix_function(P):
    P = [int(v) for v in np.asarray(P).ravel()]
    m = len(P)
    pi = []
    for q in range(1, m + 1):
        best = 0
        for k in range(q - 1, 0, -1):
            if P[:k] == P[q - k:q]:
                best = k
                break
        pi.append(best)
    return np.array(pi)
