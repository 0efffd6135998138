import numpy as np


def adagrad(d, c, x_0, eta, epsilon, T):
    d = np.asarray(d, float); c = np.asarray(c, float)
    x = np.asarray(x_0, float).copy()
    G = np.zeros_like(x)
    for _ in range(int(T)):
        g = d * (x - c)
        G = G + g * g
        x = x - eta * g / (np.sqrt(G) + epsilon)
    return x
