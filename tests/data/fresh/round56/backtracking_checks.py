"""Reference for the backtracking note (Nocedal and Wright, Algorithm 3.1)."""
import numpy as np


def backtracking(A, b, x_k, p_k, alpha_bar, rho, c):
    A = np.asarray(A, dtype=float)
    b = np.asarray(b, dtype=float)
    x = np.asarray(x_k, dtype=float)
    p = np.asarray(p_k, dtype=float)
    f = lambda z: 0.5 * z @ A @ z - b @ z
    g = A @ x - b
    alpha = alpha_bar
    while f(x + alpha * p) > f(x) + c * alpha * (g @ p):
        alpha = rho * alpha
    return alpha
