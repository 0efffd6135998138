"""Reference for the Crank-Nicolson note: the matrix form, solved densely."""

import numpy as np


def crank_nicolson(u, mu, N):
    u = np.array(u, dtype=float)
    M = u.size
    T = 2 * np.eye(M) - np.eye(M, k=1) - np.eye(M, k=-1)
    lhs = np.eye(M) + mu / 2 * T
    rhs = np.eye(M) - mu / 2 * T
    for _ in range(int(N)):
        u = np.linalg.solve(lhs, rhs @ u)
    return u
