import numpy as np


def ray_triangle(O, D, V_0, V_1, V_2, epsilon):
    O, D, V0, V1, V2 = (np.asarray(a, dtype=float) for a in (O, D, V_0, V_1, V_2))
    M = np.column_stack([-D, V1 - V0, V2 - V0])
    if abs(np.linalg.det(M)) < epsilon:
        return np.inf, 0.0, 0.0
    t, u, v = np.linalg.solve(M, O - V0)
    if u < 0 or u > 1 or v < 0 or u + v > 1:
        return np.inf, 0.0, 0.0
    return t, u, v
