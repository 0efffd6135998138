import numpy as np


def covered(W, H, x_0, y_0, x_1, y_1, x_2, y_2):
    """Pixel-centre coverage by barycentric coordinates."""
    c = np.zeros((W, H))
    T = np.array([[x_1 - x_0, x_2 - x_0], [y_1 - y_0, y_2 - y_0]], float)
    for i in range(1, W + 1):
        for j in range(1, H + 1):
            l1, l2 = np.linalg.solve(T, [i - 0.5 - x_0, j - 0.5 - y_0])
            if l1 >= -1e-12 and l2 >= -1e-12 and l1 + l2 <= 1 + 1e-12:
                c[i - 1, j - 1] = 1
    return c
