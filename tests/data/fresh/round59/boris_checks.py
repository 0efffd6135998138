import numpy as np


def boris(x_0, v_0, E, B, q, m, Delta_t, N):
    x = np.asarray(x_0, dtype=float).copy()
    v = np.asarray(v_0, dtype=float).copy()
    E = np.asarray(E, dtype=float)
    B = np.asarray(B, dtype=float)
    c = q * Delta_t / (2 * m)
    for _ in range(int(N)):
        vm = v + c * E
        t = c * B
        s = 2 * t / (1 + t @ t)
        vp_ = vm + np.cross(vm, t)
        vplus = vm + np.cross(vp_, s)
        v = vplus + c * E
        x = x + Delta_t * v
    return x, v
