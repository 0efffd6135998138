import numpy as np


def sr1_reference(B_k, s_k, y_k, r):
    B = np.atleast_2d(np.asarray(B_k, float)); s = np.asarray(s_k, float); y = np.asarray(y_k, float)
    v = y - B @ s
    if abs(v @ s) >= r * np.linalg.norm(s) * np.linalg.norm(v):
        return B + np.outer(v, v) / (v @ s)
    return B
