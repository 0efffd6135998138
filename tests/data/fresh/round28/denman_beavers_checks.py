import numpy as np


def db_reference(A, K):
    A = np.atleast_2d(np.asarray(A, float))
    Y, Z = A.copy(), np.eye(len(A))
    for _ in range(int(K)):
        Y, Z = (Y + np.linalg.inv(Z)) / 2, (Z + np.linalg.inv(Y)) / 2
    return Y, Z
