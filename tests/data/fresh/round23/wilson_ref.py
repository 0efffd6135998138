import math


def wilson_by_quadratic(k, n, z):
    """Roots of (1 + z^2/n) p^2 - (2 phat + z^2/n) p + phat^2 = 0, the score-test boundary."""
    phat = k / n
    a = 1 + z * z / n
    b = -(2 * phat + z * z / n)
    c = phat * phat
    disc = b * b - 4 * a * c
    disc = max(disc, 0.0)
    r = math.sqrt(disc)
    return (-b - r) / (2 * a), (-b + r) / (2 * a)
