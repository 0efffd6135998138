import numpy as np


def lion(A, b, theta_0, eta, beta_1, beta_2, lam, T):
    A = np.asarray(A, float); b = np.asarray(b, float)
    th = np.asarray(theta_0, float).copy(); m = np.zeros_like(th)
    for _ in range(int(T)):
        g = A.T @ (A @ th - b)
        c = beta_1 * m + (1 - beta_1) * g
        th = th - eta * (np.sign(c) + lam * th)
        m = beta_2 * m + (1 - beta_2) * g
    return th
