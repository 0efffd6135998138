import numpy as np
from algoverify import register_generator as register


def fibonacci_search(f, a, b, N):
    """Fibonacci search (Luenberger & Ye, sec. 8.1), F_0 = F_1 = 1; returns the final bracket."""
    F = [1, 1]
    while len(F) <= N:
        F.append(F[-1] + F[-2])
    x1 = a + F[N - 2] / F[N] * (b - a)
    x2 = a + F[N - 1] / F[N] * (b - a)
    f1, f2 = f(x1), f(x2)
    for k in range(1, N - 1):
        if f1 > f2:
            a, x1, f1 = x1, x2, f2
            x2 = a + F[N - k - 1] / F[N - k] * (b - a)
            f2 = f(x2)
        else:
            b, x2, f2 = x2, x1, f1
            x1 = a + F[N - k - 2] / F[N - k] * (b - a)
            f1 = f(x1)
    return a, b


class Unimodal:
    """f(x) = |x - c|^q, unimodal with its minimiser at c."""

    def __init__(self, c, q):
        self.c, self.q = c, q

    def __call__(self, x):
        return abs(x - self.c) ** self.q

    def __repr__(self):
        return f"|x - {self.c:.3g}|^{self.q:.3g}"


@register()
def unimodal(rng, a, b):
    return Unimodal(float(rng.uniform(a, b)), float(rng.uniform(0.5, 3)))


@register()
def minimiser(rng, f):
    return f.c
