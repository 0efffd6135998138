import numpy as np
from algoverify import register_generator as register


@register()
def smooth(rng, a):
    return lambda x: np.cosh(a * x) + 0.1 * x


@register()
def parabola(rng, c):
    return lambda x: (x - c) ** 2 + 1.0


def spi_reference(f, x_0, x_1, x_2, N):
    x = [x_0, x_1, x_2]
    for k in range(N):
        a, b, c = x[k], x[k + 1], x[k + 2]
        u = (c - b) ** 2 * (f(c) - f(a)) - (c - a) ** 2 * (f(c) - f(b))
        w = (c - b) * (f(c) - f(a)) - (c - a) * (f(c) - f(b))
        x.append(c - 0.5 * u / w)
    return x[N + 2]
