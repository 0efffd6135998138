import numpy as np


def thin_qr(A):
    Q, R = np.linalg.qr(np.asarray(A, dtype=float), mode="reduced")
    s = np.sign(np.diag(R))
    s[s == 0] = 1.0
    return Q * s, (R.T * s).T
