import numpy as np


def fisher_direction(X_1, X_2):
    X_1 = np.asarray(X_1, dtype=float)
    X_2 = np.asarray(X_2, dtype=float)
    m1, m2 = X_1.mean(axis=0), X_2.mean(axis=0)
    S = (X_1 - m1).T @ (X_1 - m1) + (X_2 - m2).T @ (X_2 - m2)
    return np.linalg.solve(S, m2 - m1)
