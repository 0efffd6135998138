import numpy as np


def admm_reference(A, b, lam, rho, N):
    A = np.atleast_2d(np.asarray(A, float)); b = np.asarray(b, float)
    n = A.shape[1]
    z = np.zeros(n); u = np.zeros(n)
    M = A.T @ A + rho * np.eye(n)
    for _ in range(int(N)):
        x = np.linalg.solve(M, A.T @ b + rho * (z - u))
        v = x + u
        z = np.maximum(v - lam / rho, 0) - np.maximum(-v - lam / rho, 0)
        u = u + x - z
    return z, u
