import numpy as np


def gibbs_chain(xi, eta, rho, y_0):
    s = np.sqrt(1 - rho ** 2)
    T = len(xi)
    x = np.zeros(T); y = np.zeros(T)
    prev = y_0
    for t in range(T):
        x[t] = rho * prev + s * xi[t]
        y[t] = rho * x[t] + s * eta[t]
        prev = y[t]
    return x, y
