import numpy as np


def midpoint_circle_real(R):
    """Foley et al.'s first version: real decision variable d = 5/4 - R."""
    x, y, d = 0, int(R), 1.25 - R
    X, Y = [x], [y]
    while y > x:
        if d < 0:
            d += 2 * x + 3
        else:
            d += 2 * (x - y) + 5
            y -= 1
        x += 1
        X.append(x)
        Y.append(y)
    return np.array(X), np.array(Y)
