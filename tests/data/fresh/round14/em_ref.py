"""Reference EM step for em-two-gaussians.md."""
import numpy as np


def _normal(x, m, v):
    return np.exp(-(x - m) ** 2 / (2 * v)) / np.sqrt(2 * np.pi * v)


def em_step(x, pi_1, mu_1, mu_2, sigma_1_sq, sigma_2_sq):
    x = np.asarray(x, dtype=float)
    n = x.size
    a = pi_1 * _normal(x, mu_1, sigma_1_sq)
    c = (1 - pi_1) * _normal(x, mu_2, sigma_2_sq)
    g = a / (a + c)
    N1 = g.sum()
    N2 = n - N1
    m1 = (g * x).sum() / N1
    m2 = ((1 - g) * x).sum() / N2
    v1 = (g * (x - m1) ** 2).sum() / N1
    v2 = ((1 - g) * (x - m2) ** 2).sum() / N2
    return N1 / n, m1, m2, v1, v2
