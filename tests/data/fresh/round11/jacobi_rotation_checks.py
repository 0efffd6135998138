import numpy as np


def rotation_from_eigh(A):
    """D = diag(larger, smaller eigenvalue); J = [v1, v2] a rotation with J[0, 0] >= 0."""
    A = np.asarray(A, dtype=float)
    w, V = np.linalg.eigh(A)                  # ascending
    if abs(w[1] - w[0]) <= 1e-14 * max(1.0, abs(w[1])):
        return np.diag([w[1], w[0]]), np.eye(2)   # A = cI: theta = 0
    v1 = V[:, 1]
    if v1[0] < 0 or (abs(v1[0]) < 1e-15 and v1[1] < 0):
        v1 = -v1
    J = np.array([[v1[0], -v1[1]], [v1[1], v1[0]]])
    D = np.diag([w[1], w[0]])
    return D, J
