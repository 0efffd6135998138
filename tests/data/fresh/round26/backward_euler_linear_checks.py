import numpy as np


def backward_euler(S, y_0, h, N):
    """N implicit Euler steps for y' = -S y."""
    y = np.array(y_0, dtype=float)
    M = np.eye(len(y)) + h * np.asarray(S, dtype=float)
    for _ in range(int(N)):
        y = np.linalg.solve(M, y)
    return y
