from fractions import Fraction


def two_sum_exact(a, b):
    """The rounded sum and the exact rounding error, computed in rationals."""
    s = a + b
    e = float(Fraction(a) + Fraction(b) - Fraction(s))
    return s, e
