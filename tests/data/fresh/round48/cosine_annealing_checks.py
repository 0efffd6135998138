import numpy as np


def cosine_schedule(eta_min, eta_max, T_i):
    t = np.arange(T_i + 1)
    return eta_min + 0.5 * (eta_max - eta_min) * (1 + np.cos(np.pi * t / T_i))
