"""Reference for the Kaplan-Meier note: the product-limit estimate, grouped by distinct death times."""
import numpy as np


def product_limit(T, delta, t):
    T = np.asarray(T, dtype=float)
    delta = np.asarray(delta)
    s = 1.0
    for u in np.unique(T[(delta == 1) & (T <= t)]):
        d = np.sum((T == u) & (delta == 1))
        y = np.sum(T >= u)
        s *= 1.0 - d / y
    return s
