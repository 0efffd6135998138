import numpy as np


def frank_wolfe(Q, c, x_0, T):
    Q = np.asarray(Q, float); c = np.asarray(c, float)
    x = np.asarray(x_0, float).copy()
    n = x.size
    for t in range(int(T)):
        g = Q @ x + c
        i = int(np.argmin(g))
        gamma = 2.0 / (t + 2)
        e = np.zeros(n); e[i] = 1.0
        x = (1 - gamma) * x + gamma * e
    return x
