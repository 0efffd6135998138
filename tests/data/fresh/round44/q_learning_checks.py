import numpy as np


def q_learning(S, A, R, alpha, gamma, n, m):
    Q = np.zeros((n, m))
    for t in range(len(A)):
        s, a, s2 = int(S[t]) - 1, int(A[t]) - 1, int(S[t + 1]) - 1
        Q[s, a] += alpha * (R[t] + gamma * Q[s2].max() - Q[s, a])
    return Q
