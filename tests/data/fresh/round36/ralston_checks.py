import numpy as np
from algoverify import register_generator as register


@register()
def linear_field(rng, A):
    """The vector field f(t, y) = A y."""
    A = np.asarray(A, float)

    def f(t, y):
        return A @ np.asarray(y, float)

    f.__name__ = "linear_field"
    return f


def ralston(f, y_0, t_0, h, N):
    y = np.array(y_0, float)
    t = float(t_0)
    for _ in range(int(N)):
        k1 = f(t, y)
        k2 = f(t + 2 * h / 3, y + 2 * h / 3 * k1)
        y = y + h * (k1 / 4 + 3 * k2 / 4)
        t = t + h
    return y
