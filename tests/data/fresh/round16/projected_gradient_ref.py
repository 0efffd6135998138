import numpy as np


def projected_gradient(A, b, ell, u, x_0, eta, K):
    A = np.asarray(A, float); b = np.asarray(b, float)
    x = np.asarray(x_0, float).copy()
    for _ in range(int(K)):
        g = A.T @ (A @ x - b)
        x = np.minimum(np.maximum(x - eta * g, ell), u)
    return x
