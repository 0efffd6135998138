import numpy as np


def accelerations(m, R, G, epsilon):
    m = np.asarray(m, dtype=float)
    R = np.asarray(R, dtype=float)
    d = R[None, :, :] - R[:, None, :]          # d[i, j] = r_j - r_i
    w = (np.sum(d ** 2, axis=2) + epsilon ** 2) ** -1.5
    np.fill_diagonal(w, 0.0)
    return G * np.einsum("ij,j,ijk->ik", w, m, d)
