import numpy as np


def rms_norm(a, g, epsilon):
    a = np.asarray(a, dtype=float)
    return a / np.sqrt(np.mean(a**2) + epsilon) * np.asarray(g, dtype=float)
