import numpy as np


def p_tilde(z):
    return np.exp(-z ** 2 / 2) * (1 + np.sin(3 * z) ** 2)


def q(z):
    return np.exp(-z ** 2 / 2) / np.sqrt(2 * np.pi)


def accepted(z, u, k):
    z = np.asarray(z, float); u = np.asarray(u, float)
    keep = u * k * q(z) <= p_tilde(z)
    return int(keep.sum()), z[keep]


FUNCTIONS = {"q": q, "tilde_p": p_tilde, "p_tilde": p_tilde}
