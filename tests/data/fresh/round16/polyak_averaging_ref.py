import numpy as np


def averaged_sgd(A, b, x_0, eta):
    A = np.asarray(A, float); b = np.asarray(b, float)
    x = np.asarray(x_0, float).copy()
    iterates = []
    for t in range(A.shape[0]):
        a = A[t]
        x = x - eta * (a @ x - b[t]) * a
        iterates.append(x.copy())
    return np.mean(iterates, axis=0)
