import numpy as np


def lax_friedrichs(u, nu, N):
    u = np.array(u, dtype=float)
    for _ in range(int(N)):
        up, um = np.roll(u, -1), np.roll(u, 1)
        u = 0.5 * (up + um) - nu / 2 * (up - um)
    return u
