"""An ordering of a polynomial in one real symbol, decided exactly from its real roots."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

__all__ = ["one_variable"]

#: Degree up to which a polynomial's real roots are isolated exactly.
_DEGREE = 12


def one_variable(sp: Any, gap: Any, strict: bool) -> bool | None:
    """A polynomial in one real symbol: True when it is ``≥ 0`` (``> 0``) on the symbol's whole domain.

    sympy's assumptions miss ``x² − x + 1 > 0``; its real roots decide it exactly. Between two
    consecutive roots the sign is constant, so one rational point per interval (inside the
    domain: a positive symbol's is ``(0, ∞)``) settles it, and a strict ordering also needs no
    root in the domain.
    """
    if len(gap.free_symbols) != 1:
        return None
    (x,) = gap.free_symbols
    if not x.is_real:
        return None
    try:
        poly = sp.Poly(sp.expand(gap), x)
    except sp.PolynomialError:
        return None
    if poly.degree() > _DEGREE or not (poly.domain.is_ZZ or poly.domain.is_QQ):
        return None
    low = Fraction(0) if x.is_nonnegative else None  # the domain's ends (None: unbounded)
    high = Fraction(0) if x.is_nonpositive else None
    closed = not (x.is_positive or x.is_negative)

    def inside(r: Fraction) -> bool:
        above = low is None or r > low or (closed and r == low)
        return above and (high is None or r < high or (closed and r == high))

    # 40 digits keep apart any two roots a degree-12 polynomial with these coefficients can have here
    roots = sorted({Fraction(str(r.evalf(40))) for r in sp.real_roots(poly)})
    if strict and any(inside(r) for r in roots):
        return None
    edges: list[Fraction | None] = [low, *(r for r in roots if inside(r) and r != low and r != high), high]
    for a, b in zip(edges, edges[1:]):  # one interval between consecutive roots, clipped to the domain
        if a is None and b is None:
            point = Fraction(0)
        elif a is None or b is None:  # unbounded: one step past the last end
            point = b - 1 if a is None else a + 1
        else:
            point = (a + b) / 2
        value = poly.eval(sp.Rational(point.numerator, point.denominator))
        if value < 0 or (strict and value == 0):
            return None
    return True
