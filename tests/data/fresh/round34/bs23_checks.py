import numpy as np
from algoverify import register_generator as register


def bs23_step(f, t_n, y_n, h):
    y = np.asarray(y_n, float)
    k1 = np.asarray(f(t_n, y), float)
    k2 = np.asarray(f(t_n + h / 2, y + h / 2 * k1), float)
    k3 = np.asarray(f(t_n + 3 * h / 4, y + 3 * h / 4 * k2), float)
    y1 = y + h * (2 / 9 * k1 + 1 / 3 * k2 + 4 / 9 * k3)
    k4 = np.asarray(f(t_n + h, y1), float)
    z1 = y + h * (7 / 24 * k1 + 1 / 4 * k2 + 1 / 3 * k3 + 1 / 8 * k4)
    return y1, float(np.linalg.norm(y1 - z1))


@register()
def linear_field(rng, A):
    """f(t, y) = A y."""
    A = np.asarray(A, float)

    def f(t, y):
        return A @ np.asarray(y, float)

    return f


@register()
def smooth_field(rng, d):
    """A random smooth non-autonomous field f(t, y) = tanh(B y) + cos(t) c."""
    B = rng.standard_normal((d, d))
    c = rng.standard_normal(d)

    def f(t, y):
        return np.tanh(B @ np.asarray(y, float)) + np.cos(t) * c

    return f
