import numpy as np


def riccati(A, B, Q, R, Q_N, N):
    K = np.array(Q_N, float)
    L = None
    for _ in range(N):
        S = B.T @ K @ B + R
        L = -np.linalg.solve(S, B.T @ K @ A)
        K = A.T @ (K - K @ B @ np.linalg.solve(S, B.T @ K)) @ A + Q
    return K, L
