import numpy as np


def position_form(e, K, T_i, T_d, h):
    e = np.asarray(e, float)
    u = np.zeros(len(e))
    s = 0.0
    prev = 0.0
    for k in range(len(e)):
        s += e[k]
        u[k] = K * (e[k] + h / T_i * s + T_d / h * (e[k] - prev))
        prev = e[k]
    return u
