import numpy as np


def upwind(U, nu, N):
    U = np.array(U, float)
    for _ in range(int(N)):
        U = U - nu * (U - np.roll(U, 1))
    return U


def shift_by_n_cells(U, N):
    return np.roll(np.asarray(U, float), int(N))
