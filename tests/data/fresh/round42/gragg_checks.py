import numpy as np
from algoverify import register_generator as register


@register()
def linear_test(rng, lam):
    return lambda x, y: lam * y


@register()
def affine_in_x(rng, alpha, beta):
    return lambda x, y: alpha * x + beta


def gragg_linear_closed_form(lam, x, y, H, n):
    """z_{m+1} = z_{m-1} + 2 h lam z_m has z_m = A r1^m + B r2^m, r = h lam +- sqrt(1 + (h lam)^2)."""
    h = H / n
    q = h * lam
    r1 = q + np.sqrt(1 + q * q)
    r2 = q - np.sqrt(1 + q * q)
    z0, z1 = y, y * (1 + q)
    # z0 = A + B, z1 = A r1 + B r2
    A = (z1 - z0 * r2) / (r1 - r2)
    B = z0 - A
    zn = A * r1 ** n + B * r2 ** n
    znm1 = A * r1 ** (n - 1) + B * r2 ** (n - 1)
    return 0.5 * (zn + znm1 + q * zn)
