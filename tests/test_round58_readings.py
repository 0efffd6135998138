r"""Readings of statistics listings met in the fifty-eighth round of notes written from the docs alone.

Each case is our own text: the bootstrap's ``x^{*b}`` (the b-th starred member, a label and no power),
a mean written with a dot for the argument averaged away (``m^{*}(\cdot)``), and braces used as big
parentheses around a value raised to a power (``\left\{ … \right\}^{1/2}``).
"""

from __future__ import annotations

import pytest

import algoverify
from algoverify.findings import LocatedError
from algoverify.math import mathtree as M
from algoverify.math.mathexpr import parse_math


def _run(body: str, **inputs):
    return algoverify.compile("\\begin{algorithmic}\n" + body.strip() + "\n\\end{algorithmic}")(**inputs)


@pytest.mark.parametrize(
    ("starred", "subscripted"),
    [
        (r"x^{*b}", r"x^{*}_{b}"),
        (r"x^{*1}", r"x^{*}_{1}"),
        (r"\theta^{*k}", r"\theta^{*}_{k}"),
        (r"\hat{\theta}^{*b}", r"\hat{\theta}^{*}_{b}"),
        (r"s(x^{*b})", r"s(x^{*}_{b})"),
    ],
)
def test_a_star_then_a_label_in_a_superscript_is_the_starred_member(starred, subscripted):
    # Efron and Tibshirani's x^{*b} stopped the parse at b (AV201): it is x^{*}_{b}, never x^* times b
    assert parse_math(starred) == parse_math(subscripted)  # spans are not part of equality


@pytest.mark.parametrize("written", [r"x_i^{*b}", r"x^{*b}_i"])
def test_a_starred_label_beside_a_subscript_is_said_not_guessed(written):
    with pytest.raises(LocatedError, match=r"a subscript beside \^\{\*b\}.*x\^\{\*\}_\{b, i\}"):
        parse_math(written)


_RESAMPLED = r"""
\Require $x, B$
\State $t \gets 0$
\For{$b = 1, \dots, B$}
  \State $y^{*b} \gets b x$
  \State $t \gets t + y^{*b}$
\EndFor
\State \Return $t$
"""


@pytest.mark.parametrize(("x", "B", "expected"), [(1.0, 1, 1.0), (2.0, 3, 12.0), (0.5, 4, 5.0)])
def test_the_starred_member_of_each_pass_is_stored_and_read(x, B, expected):
    assert _run(_RESAMPLED, x=x, B=B) == expected


_MEAN_OF_REPLICATES = r"""
\Require $B$
\For{$b = 1, \dots, B$}
  \State $NAME(b) \gets b^{2}$
\EndFor
\State $NAME(\cdot) \gets \frac{1}{B} \sum_{b=1}^{B} NAME(b)$
\State \Return $NAME(\cdot) + NAME(1)$
"""


@pytest.mark.parametrize("name", [r"m^{*}", r"\hat{\theta}^{*}", r"g", r"\bar{v}"])
@pytest.mark.parametrize(("B", "expected"), [(1, 2.0), (3, 14 / 3 + 1), (4, 7.5 + 1)])
def test_a_value_stored_at_a_dot_is_the_mean_beside_the_replicates(name, B, expected):
    # \hat\theta^*(\cdot) \gets … was the table \hat\theta^* at the position \cdot: "\cdot is not an index"
    assert _run(_MEAN_OF_REPLICATES.replace("NAME", name), B=B) == pytest.approx(expected)


def test_a_function_written_with_a_dot_is_still_a_function_where_nothing_stores_it():
    body = "\\Require $f(\\cdot), a$\n\\State $c \\gets f(a)$\n\\State \\Return $c$"
    assert _run(body, f=lambda v: v + 1, a=2) == 3


@pytest.mark.parametrize(
    ("latex", "inputs", "expected"),
    [
        (r"\left\{ a + b \right\}^{1/2}", {"a": 7.0, "b": 9.0}, 4.0),
        (r"\{ a - b \}^{2}", {"a": 1.0, "b": 4.0}, 9.0),
        (r"\left\{ \sum_{i=1}^{n} x_i \right\}^{2}", {"n": 3, "x": [1.0, 2.0, 3.0]}, 36.0),
        (r"\left\{ \frac{a}{b} \right\}^{-1}", {"a": 2.0, "b": 8.0}, 4.0),
        (r"\left\{ a b \right\}^{3}", {"a": 2.0, "b": 0.5}, 1.0),
    ],
)
def test_braces_around_a_value_raised_to_a_power_only_group_it(latex, inputs, expected):
    # Efron and Tibshirani's \left\{ … \right\}^{1/2}: "a set to the power the number 1/2, which has no value"
    names = ", ".join(inputs)
    body = f"\\Require ${names}$\n\\State $r \\gets {latex}$\n\\State \\Return $r$"
    assert _run(body, **inputs) == pytest.approx(expected)


@pytest.mark.parametrize("latex", [r"\{0, 1\}^{n}", r"\{0\}^{n}", r"\{a\}^{2}", r"\{ A \cup B \}^{2}"])
def test_braces_around_names_or_set_operations_stay_a_set(latex):
    tree = parse_math(latex)
    assert isinstance(tree, M.Pow) and isinstance(tree.base, M.SetLit)
