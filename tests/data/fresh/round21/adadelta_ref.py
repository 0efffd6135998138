import numpy as np


def adadelta(Q, c, theta_0, rho, epsilon, T):
    Q = np.asarray(Q, dtype=float)
    c = np.asarray(c, dtype=float)
    theta = np.array(theta_0, dtype=float)
    s = np.zeros_like(theta)
    u = np.zeros_like(theta)
    for _ in range(int(T)):
        g = Q @ theta - c
        s = rho * s + (1 - rho) * g * g
        step = -np.sqrt(u + epsilon) / np.sqrt(s + epsilon) * g
        u = rho * u + (1 - rho) * step * step
        theta = theta + step
    return theta
