r"""Readings of statistics listings met in the fifty-eighth round of notes written from the docs alone.

Each case is our own text: the bootstrap's ``x^{*b}`` (the b-th starred member, a label and no power),
a mean written with a dot for the argument averaged away (``m^{*}(\cdot)``), and braces used as big
parentheses around a value raised to a power (``\left\{ … \right\}^{1/2}``). Then a listing that
stores a family by level (``p_i^r \gets …``) beside prose that sets its level 0 to the given family
(``p_i^0 = p_i``), and a check that calls the listing per trial (``as:``) and reads the family's size.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from helpers import prose_note

import algoverify
from algoverify import api
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


# --- the level 0 of a listing that stores a family by level, and the size of that family in a call's check ---

_HALVING = r"""
\For{\(r = 1, \dots, m\)}
  \For{\(i = 0, \dots, m - r\)}
    \State \(p_i^r \gets \frac{1}{2} (p_i^{r-1} + p_{i+1}^{r-1})\)
  \EndFor
\EndFor
\State \Return \(p_0^m\)
"""
_HALVING_PROSE = r"Let \(p_0, \dots, p_m\) be given numbers. Set \(LEVEL\). Each pass averages neighbours."


def _binomial_mean(p):
    m = len(p) - 1
    return sum(math.comb(m, i) * v for i, v in enumerate(p)) / 2**m


@pytest.mark.parametrize("level", [r"p_i^0 = p_i", r"p^0_i = p_i", r"p^0 = p"])
@pytest.mark.parametrize("p", [[3.0], [1.0, 5.0], [2.0, -1.0, 4.0, 0.5]])
def test_the_level_zero_the_prose_sets_is_the_family_the_listing_takes(tmp_path, level, p):
    # Farin's "set b_i^0 = b_i": the points of level 0 are the given ones (was AV307: the family never an input)
    note = prose_note(tmp_path, _HALVING_PROSE.replace("LEVEL", level), _HALVING)
    listing = api.load(note).listings[0]
    assert "p" in listing.inputs
    assert listing.run({"p": np.array(p)}).value == pytest.approx(_binomial_mean(p))


_CALLED = r"""  checks:
    - id: c
      kind: property
      listing: 1
      as: S
      claim: "the passes give the binomial mean"
      draw: DRAW
      holds: 'HOLDS'
"""
_SUM = r"\sum_{i=0}^{m} \binom{m}{i} p_i"
_MEAN = rf"\frac{{1}}{{2^{{m}}}} {_SUM}"


@pytest.mark.parametrize(
    ("prose", "draw", "holds", "status"),
    [
        ("", '{k: "integers(1, 6)", p: "randn(k)"}', rf"S(p) = {_MEAN}", "verified"),
        ("", '{k: "integers(1, 6)", p: "randn(k)"}', r"S(p) \le \max(p_0, p_m) \lor m > 1", "verified"),
        (
            r" The points are the rows of a matrix \(P\).",
            '{k: "integers(1, 6)", P: "randn(k, 2)"}',
            rf"S(P) = {_MEAN}",
            "verified",
        ),
        # m is the last index, one less than the count drawn: a claim off by one pass is refuted
        ("", '{k: "integers(1, 6)", p: "randn(k)"}', rf"S(p) = \frac{{2}}{{2^{{m + 1}}}} {_SUM}", "verified"),
        ("", '{k: "integers(2, 6)", p: "randn(k)"}', rf"S(p) = \frac{{1}}{{2^{{m - 1}}}} {_SUM}", "refuted"),
    ],
)
def test_a_call_per_trial_reads_the_size_of_the_family_it_drew(tmp_path, prose, draw, holds, status):
    # \Return b_0^n beside C(B, 1) = b_n: n is the size of the family the trial drew (was AV303 n is not defined)
    spec = _CALLED.replace("DRAW", draw).replace("HOLDS", holds)
    prose = _HALVING_PROSE.replace("LEVEL", r"p_i^0 = p_i") + prose + " The passes give the binomial mean."
    note = prose_note(tmp_path, prose, _HALVING, spec)
    (outcome,) = api.check([note], seed=0, trials=20).notes[0].outcomes
    assert outcome.status == status, outcome.message


@pytest.mark.parametrize(
    ("draw", "holds"),
    [
        ('{k: "integers(1, 6)", q: "randn(k)"}', r"S(q) = q_m"),  # q is no family of the listing's
        ('{k: "integers(1, 6)", p: "randn(k)"}', r"S(p) = p_0 + n"),  # n is nobody's size
    ],
)
def test_a_size_no_draw_of_a_call_gives_is_said_by_lint_and_the_run_alike(tmp_path, draw, holds):
    # lint was clean (the listing's m), and the run could not check: each call binds its m in its own run
    spec = _CALLED.replace("DRAW", draw).replace("HOLDS", holds)
    note = tmp_path / "note.md"
    prose = _HALVING_PROSE.replace("LEVEL", r"p_i^0 = p_i") + " The passes give the binomial mean."
    note.write_text(
        f"---\nalgoverify:\n{spec}---\n\n{prose}\n\n\\begin{{algorithmic}}\n{_HALVING.strip()}\n\\end{{algorithmic}}\n"
    )
    (linted,) = [f for f in api.lint([note]).all_findings() if f.code != "AV604"]
    (outcome,) = api.check([note], seed=0, trials=5).notes[0].outcomes
    (ran,) = outcome.findings
    assert outcome.status == "could not check"
    assert (ran.code, ran.message, ran.span) == (linted.code, linted.message.partition(":")[0], linted.span)
