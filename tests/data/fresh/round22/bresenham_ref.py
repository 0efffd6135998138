"""Reference for the Bresenham note: the textbook loop, in Python integers."""
import numpy as np


def bresenham_rows(x_0, y_0, x_1, y_1):
    x_0, y_0, x_1, y_1 = int(x_0), int(y_0), int(x_1), int(y_1)
    dx, dy = x_1 - x_0, y_1 - y_0
    D = 2 * dy - dx
    y = y_0
    rows = []
    for _ in range(x_0, x_1 + 1):
        rows.append(y)
        if D > 0:
            y += 1
            D -= 2 * dx
        D += 2 * dy
    return np.array(rows)
