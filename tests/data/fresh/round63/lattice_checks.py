import numpy as np


def step_up(K):
    """Proakis (9.2.29): alpha_m(k) from the reflection coefficients."""
    a = np.array([1.0])
    for Km in K:
        a_new = np.append(a, 0.0)
        a_new = a_new + Km * a_new[::-1]
        a = a_new
    return a


def direct_form_output(K, x):
    K = np.atleast_1d(np.asarray(K, dtype=float))
    x = np.atleast_1d(np.asarray(x, dtype=float))
    a = step_up(K)
    return np.convolve(x, a)[: len(x)]
