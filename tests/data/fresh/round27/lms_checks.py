import numpy as np


def lms(Phi, t, w, eta, E):
    Phi = np.asarray(Phi, float); t = np.asarray(t, float); w = np.asarray(w, float).copy()
    for _ in range(int(E)):
        for n in range(len(t)):
            w = w + eta * (t[n] - w @ Phi[n]) * Phi[n]
    return w
