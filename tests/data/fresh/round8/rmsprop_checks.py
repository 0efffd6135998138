import numpy as np


def rmsprop_reference(A, b, theta, eta, rho, delta, T):
    A = np.asarray(A, dtype=float)
    b = np.asarray(b, dtype=float)
    theta = np.array(theta, dtype=float)
    s = np.zeros_like(theta)
    for _ in range(T):
        g = A @ theta - b
        s = rho * s + (1 - rho) * g * g
        theta = theta - eta * g / (np.sqrt(s) + delta)
    return theta
