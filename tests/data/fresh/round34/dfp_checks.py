import numpy as np


def dfp_inverse_update(H_k, s_k, y_k):
    """Nocedal & Wright (6.15)."""
    H = np.asarray(H_k, float)
    s = np.asarray(s_k, float)
    y = np.asarray(y_k, float)
    Hy = H @ y
    return H - np.outer(Hy, Hy) / (y @ Hy) + np.outer(s, s) / (y @ s)
