"""Reference for the Gillespie note: the direct method for a birth-death process."""
import numpy as np


def gillespie(X_0, c_1, c_2, T, u, v):
    X, t = int(X_0), 0.0
    for s in range(len(u)):
        a1, a2 = c_1, c_2 * X
        a0 = a1 + a2
        tau = np.log(1.0 / u[s]) / a0
        if t + tau > T:
            return X
        t += tau
        X = X + 1 if v[s] * a0 < a1 else X - 1
    return X
