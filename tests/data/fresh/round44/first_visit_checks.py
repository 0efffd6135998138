import numpy as np


def first_visit_values(S, R, gamma, n):
    S = [int(s) for s in S]
    T = len(R)
    V = np.zeros(n)
    for s in set(S):
        t0 = S.index(s)
        V[s - 1] = sum(gamma ** (t - t0) * R[t] for t in range(t0, T))
    return V
