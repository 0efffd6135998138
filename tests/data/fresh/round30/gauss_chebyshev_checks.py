import math
import numpy as np
from algoverify import register_generator as register


@register()
def poly_fn(rng, c):
    """The polynomial c_1 + c_2 x + ... + c_k x^{k-1}, as a function."""
    coeffs = np.asarray(c, dtype=float)
    return lambda x: float(np.polyval(coeffs[::-1], x))


@register()
def odd_poly_fn(rng, c):
    """The odd polynomial c_1 x + c_2 x^3 + ... + c_k x^{2k-1}."""
    coeffs = np.asarray(c, dtype=float)
    return lambda x: float(sum(cj * x ** (2 * j + 1) for j, cj in enumerate(coeffs)))


def chebyshev_weighted_integral(c):
    """Exact value of int_{-1}^{1} p(x) / sqrt(1 - x^2) dx for p(x) = sum_j c_j x^j (j from 0)."""
    total = 0.0
    for j, cj in enumerate(c):
        if j % 2:
            continue
        v = math.pi
        for i in range(1, j + 1, 2):
            v *= i / (i + 1)
        total += cj * v
    return total
