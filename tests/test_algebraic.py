"""Exact algebraic numbers (issue 19, item 7): :mod:`algoverify.math.surds` and :mod:`algoverify.math.algebraic`.

Tables: values built from square roots → their canonical form and type; comparisons decided
exactly, each checked by hand (rows marked ``floats wrong`` are ones the float computation gets
wrong); nested roots. Hypothesis: (√a + √b)(√a − √b) = a − b and other identities, exactly, for
random rationals.
"""

from __future__ import annotations

import math
from fractions import Fraction as F

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from algoverify.math.algebraic import Algebraic, root, sign, sqrt
from algoverify.math.surds import NotExact, Surd

r2, r3, r6 = sqrt(2), sqrt(3), sqrt(6)

# (what, value, its type, how it prints)
FORMS = [
    ("√2", lambda: sqrt(2), Surd, "sqrt(2)"),
    ("√2 √2", lambda: sqrt(2) * sqrt(2), F, "2"),
    ("√(9/4)", lambda: sqrt(F(9, 4)), F, "3/2"),
    ("√8", lambda: sqrt(8), Surd, "2*sqrt(2)"),
    ("√(1/2)", lambda: sqrt(F(1, 2)), Surd, "sqrt(2)/2"),
    ("1/√2", lambda: 1 / sqrt(2), Surd, "sqrt(2)/2"),
    ("√2 √6", lambda: sqrt(2) * sqrt(6), Surd, "2*sqrt(3)"),
    ("√12 − 2√3", lambda: sqrt(12) - 2 * sqrt(3), F, "0"),
    ("1/(1 + √2)", lambda: 1 / (1 + sqrt(2)), Surd, "-1 + sqrt(2)"),
    ("1/(1 + √2 + √3)", lambda: 1 / (1 + sqrt(2) + sqrt(3)), Surd, "-sqrt(6)/4 + sqrt(2)/4 + 1/2"),
    ("(√2 + √3)²", lambda: (sqrt(2) + sqrt(3)) ** 2, Surd, "2*sqrt(6) + 5"),
    ("(√2)⁻³", lambda: sqrt(2) ** -3, Surd, "sqrt(2)/4"),
    ("√(3 + 2√2) denests", lambda: sqrt(3 + 2 * sqrt(2)), Surd, "1 + sqrt(2)"),
    ("√(1 + √2) does not", lambda: sqrt(1 + sqrt(2)), Algebraic, "sqrt(1 + sqrt(2))"),
    ("√(1 + √2)²", lambda: sqrt(1 + sqrt(2)) ** 2, Surd, "1 + sqrt(2)"),
    ("√(2 − √2) √(2 + √2)", lambda: sqrt(2 - sqrt(2)) * sqrt(2 + sqrt(2)), Surd, "sqrt(2)"),
    ("∛2", lambda: root(2, 3), Algebraic, "2**(1/3)"),
    ("(∛2)³", lambda: root(2, 3) ** 3, F, "2"),
    ("√0", lambda: sqrt(0), F, "0"),
]


@pytest.mark.parametrize(("what", "make", "kind", "text"), FORMS, ids=[f[0] for f in FORMS])
def test_a_value_has_one_canonical_form(what, make, kind, text):
    value = make()
    assert type(value) is kind
    assert str(value) == text


def test_a_radicand_with_a_large_square_factor_is_equal_to_its_reduced_form():
    # p is a prime past the trial division: √(3 p²) keeps p² in its radicand, and is still p √3
    p = 100000000000000000039
    big = sqrt(3 * p * p)
    assert big == p * sqrt(3) and big - p * sqrt(3) == 0 and type(big - p * sqrt(3)) is F
    assert hash(big) == hash(p * sqrt(3))
    assert big / sqrt(3) == p


# (left, relation, right, truth, the same in floats when they decide it wrong): each truth checked by hand
COMPARISONS = [
    # √2 √2 = 2: the floats give 2.0000000000000004
    (lambda: r2 * r2, "=", lambda: 2, True, (lambda: math.sqrt(2) * math.sqrt(2), lambda: 2.0)),
    # (√2 + √3)² = 5 + 2√6 = 9.899 < 10, since 2√6 < 5 ⟺ 24 < 25
    (lambda: r2 + r3, ">", lambda: sqrt(10), False, None),
    (lambda: r2 + r3, "<", lambda: sqrt(10), True, None),
    # √(10¹⁶ + 1) > 10⁸ since 10¹⁶ + 1 > 10¹⁶; in floats 10¹⁶ + 1 rounds to 10¹⁶
    (lambda: sqrt(10**16 + 1), ">", lambda: 10**8, True, (lambda: math.sqrt(10**16 + 1), lambda: 1e8)),
    # (√2 + √3)² = 2 + 2√6 + 3
    (
        lambda: (r2 + r3) ** 2,
        "=",
        lambda: 5 + 2 * r6,
        True,
        (lambda: (math.sqrt(2) + math.sqrt(3)) ** 2, lambda: 5 + 2 * math.sqrt(6)),
    ),
    # 1/(√2 − 1) = √2 + 1: multiply by the conjugate
    (lambda: 1 / (r2 - 1), "=", lambda: r2 + 1, True, (lambda: 1 / (math.sqrt(2) - 1), lambda: math.sqrt(2) + 1)),
    # √(5 + 2√6) = √2 + √3: both positive, with equal squares
    (
        lambda: sqrt(5 + 2 * r6),
        "=",
        lambda: r2 + r3,
        True,
        (lambda: math.sqrt(5 + 2 * math.sqrt(6)), lambda: math.sqrt(2) + math.sqrt(3)),
    ),
    # (√5 + √7)² = 12 + 2√35 > 11 + 2√24 = (√3 + √8)², since 1 + 2√35 > 2√24
    (lambda: sqrt(5) + sqrt(7), ">", lambda: r3 + sqrt(8), True, None),
    # √(1 + √2) = 1.5537739…: between 1.5537 and 1.5538
    (lambda: sqrt(1 + r2), ">", lambda: F(15537, 10000), True, None),
    (lambda: sqrt(1 + r2), "<", lambda: F(15538, 10000), True, None),
    # √(2 + √2) √(2 − √2) = √(4 − 2) = √2
    (lambda: sqrt(2 + r2) * sqrt(2 - r2), "=", lambda: r2, True, None),
    # 5/4 < ∛2 < 63/50 since (5/4)³ = 125/64 < 2 < 250047/125000 = (63/50)³
    (lambda: root(2, 3), ">", lambda: F(5, 4), True, None),
    (lambda: root(2, 3), "<", lambda: F(63, 50), True, None),
    # √1000001 − 1000 = 1/(√1000001 + 1000) < 1/2000
    (lambda: sqrt(1000001) - 1000, "<", lambda: F(1, 2000), True, None),
]

_OPS = {"=": lambda a, b: a == b, "<": lambda a, b: a < b, ">": lambda a, b: a > b}
_FLIP = {"=": "=", "<": ">", ">": "<"}


@pytest.mark.parametrize(("left", "op", "right", "truth", "floats"), COMPARISONS)
def test_comparisons_are_decided_exactly(left, op, right, truth, floats):
    assert _OPS[op](left(), right()) is truth
    assert _OPS[_FLIP[op]](right(), left()) is truth
    if floats is not None:  # a case the floats decide wrong
        assert _OPS[op](floats[0](), floats[1]()) is not truth


def test_signs_floats_and_floors():
    assert sign(r2 - F(14142135623730951, 10**16)) == -1  # √2 = 1.41421356237309504…
    assert sign(r2 - F(14142135623730950, 10**16)) == 1
    assert float(r2 - F(14142135623730951, 10**16)) == pytest.approx(-5.1198311275790304e-17, rel=1e-12)
    assert math.floor(10 * r2) == 14 and math.ceil(10 * r2) == 15 and math.floor(-r2) == -2
    assert float(sqrt(1 + r2)) == 1.5537739740300374
    assert abs(-r2) == r2 and abs(r2 - 2) == 2 - r2


def test_arrays_of_roots_multiply_exactly():
    q = np.array([r2 / 2, r2 / 2], dtype=object)
    assert q @ q == 1 and np.vdot(q, q) == 1 and np.all(np.abs(-q) == q)
    assert list(np.sign(np.array([r2 - 2, r2 - 1], dtype=object))) == [-1, 1]


@pytest.mark.parametrize(
    ("make", "fragment"),
    [
        (lambda: sqrt(-2), r"\sqrt of a negative number (-2)"),
        (lambda: sqrt(1 - r2), r"\sqrt of a negative number (1 - \sqrt{2})"),  # LaTeX (issue 20, item 18)
        (lambda: root(-8, 3), "a root of a negative number (-8)"),
        (lambda: r2 + 0.5, "a float inside an exact run"),
        (lambda: sqrt(1 + r2) * 0.5, "a float inside an exact run"),
    ],
)
def test_what_has_no_exact_value_says_why(make, fragment):
    with pytest.raises(NotExact) as caught:
        make()
    assert fragment in str(caught.value)


def test_division_by_an_exact_zero_is_a_division_by_zero():
    with pytest.raises(ZeroDivisionError):
        r2 / (sqrt(8) - 2 * r2)


def test_a_set_holds_a_root_once():
    assert len({r2, sqrt(8) / 2, 2 / sqrt(2)}) == 1


RATIONALS = st.fractions(min_value=0, max_value=1000, max_denominator=1000)


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(RATIONALS, RATIONALS)
def test_difference_of_squares_is_exactly_rational(a, b):
    product = (sqrt(a) + sqrt(b)) * (sqrt(a) - sqrt(b))
    assert type(product) is F and product == a - b


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(RATIONALS, RATIONALS, st.sampled_from([2, 3, 5, 6, 7, 10, 12, 15]))
def test_quotient_times_divisor_is_the_dividend(a, b, n):
    x = a + b * sqrt(n) + sqrt(a + 1) * sqrt(n + 1)
    y = 1 + b * sqrt(n) + sqrt(a + 2)
    assert (x / y) * y == x
    if abs(float(x) - float(y)) > 1e-9:  # well apart: the order the floats show
        assert (x < y) == (float(x) < float(y))


@settings(max_examples=60, deadline=None)
@given(RATIONALS, RATIONALS)
def test_roots_keep_the_order_of_their_radicands(a, b):
    assert (sqrt(a) < sqrt(b)) == (a < b)
    assert (sqrt(a) == sqrt(b)) == (a == b)
