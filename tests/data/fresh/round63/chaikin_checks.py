import numpy as np


def chaikin_step(P):
    P = np.asarray(P, dtype=float)
    Q = []
    for i in range(len(P) - 1):
        Q.append(0.75 * P[i] + 0.25 * P[i + 1])
        Q.append(0.25 * P[i] + 0.75 * P[i + 1])
    return np.array(Q)
