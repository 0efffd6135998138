import numpy as np


def gerschgorin(A):
    A = np.asarray(A, dtype=float)
    d = np.diag(A)
    R = np.abs(A).sum(axis=1) - np.abs(d)
    return R, float(np.min(d - R)), float(np.max(d + R)), float(np.max(np.abs(d) + R))


def remin(A):
    return float(np.min(np.linalg.eigvals(np.asarray(A, dtype=float)).real))


def remax(A):
    return float(np.max(np.linalg.eigvals(np.asarray(A, dtype=float)).real))


def specrad(A):
    return float(np.max(np.abs(np.linalg.eigvals(np.asarray(A, dtype=float)))))


FUNCTIONS = {"remin": remin, "remax": remax, "specrad": specrad}
