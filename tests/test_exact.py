"""Exact arithmetic (issue 13, item 4): a listing run over rationals, ``run --exact``, ``arithmetic: exact``.

Tables: listings whose exact value is known (a sum of thirds is 1) → that value; math with no
rational value → ``AV310`` at the node, with its line and column; the round-off note's checks →
their verdicts; the command line's side-by-side table. A hypothesis property: the exact run of a
naive sum is the exact sum of the floats given.
"""

from __future__ import annotations

import io
import textwrap
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from algoverify import api, cli
from algoverify.running.listing import from_latex

DATA = Path(__file__).parent / "data" / "checks"


def listing(body: str):
    return from_latex("\\begin{algorithmic}\n" + textwrap.dedent(body).strip() + "\n\\end{algorithmic}")


THIRDS = r"""
\State $s \gets 0$
\For{$i = 1$ \To $3$}
  \State $s \gets s + \frac{1}{3}$
\EndFor
\State \Return $s$
"""

TENTHS = r"""
\Require $n$
\State $s \gets 0$
\For{$i = 1$ \To $n$}
  \State $s \gets s + 0.1$
\EndFor
\State \Return $s$
"""


@pytest.mark.parametrize(
    ("body", "inputs", "exact"),
    [
        (THIRDS, {}, Fraction(1)),
        (TENTHS, {"n": 10}, Fraction(1)),  # the literal 0.1 is 1/10, not the float nearest to it
        (r"\Require $a, b$" + "\n" + r"\State \Return $a / b$", {"a": 1, "b": 3}, Fraction(1, 3)),
        (
            r"\Require $a$" + "\n" + r"\State \Return $a + 0$",
            {"a": 0.1},
            Fraction(0.1),
        ),  # a float given: its own rational
        (r"\State \Return $\sqrt{\frac{9}{4}}$", {}, Fraction(3, 2)),
        (r"\State \Return $\exp(0) + \cos(0)$", {}, Fraction(2)),
        (r"\Require $x$" + "\n" + r"\State \Return $\lVert x \rVert$", {"x": np.array([3.0, 4.0])}, Fraction(5)),
        (r"\Require $x$" + "\n" + r"\State \Return $\lVert x \rVert_1$", {"x": np.array([0.5, -0.25])}, Fraction(3, 4)),
        (r"\Require $a$" + "\n" + r"\State \Return $a^{-2}$", {"a": 3}, Fraction(1, 9)),
        (r"\Require $a$" + "\n" + r"\State \Return $\sqrt[3]{a}$", {"a": Fraction(8, 27)}, Fraction(2, 3)),
    ],
)
def test_an_exact_run_computes_the_rational_value(body, inputs, exact):
    result = listing(body).run(inputs, exact=True)
    assert result.ok, result.finding
    assert type(result.value) is Fraction or type(result.value) is int
    assert result.value == exact


def test_the_float_run_is_unchanged_beside_the_exact_one():
    tenths = listing(TENTHS)
    assert tenths.run({"n": 10}).value == 0.9999999999999999
    assert tenths.run({"n": 10}, exact=True).value == 1
    assert tenths.run({"n": 10}).value == 0.9999999999999999  # the exact program is a program of its own


def test_arrays_are_object_arrays_of_rationals():
    inverse = listing(r"""
        \Require $A, b$
        \State $x \gets A^{-1} b$
        \State \Return $x$
        """)
    x = inverse.run({"A": np.array([[2.0, 1.0], [1.0, 3.0]]), "b": np.array([1.0, 0.0])}, exact=True).value
    assert x.dtype == object and list(x) == [Fraction(3, 5), Fraction(-1, 5)]


@pytest.mark.parametrize(
    ("statement", "inputs", "column", "message"),
    [
        (r"\State $r \gets 1 + \sqrt{a}$", {"a": 2}, 21, r"\sqrt{a}: \sqrt of a non-square (2)"),
        (r"\State $r \gets \exp(a) - 1$", {"a": 1}, 17, r"\exp(a): \exp of 1 is not rational"),
        (r"\State $r \gets 2 \log a$", {"a": 3}, 19, r"\log a: \log of 3 is not rational"),
        (r"\State $r \gets \sin(a)$", {"a": 0.5}, 17, r"\sin of 1/2 is not rational"),
        # a function with no exact version returns floats: refused where its value is stored
        (r"\State $r \gets \operatorname{softmax}(a)$", {"a": np.array([1.0, 2.0])}, 17, "made outside the exact"),
    ],
)
def test_math_without_a_rational_value_is_located(statement, inputs, column, message):
    text = "\\begin{algorithmic}\n\\Require $a$\n" + statement + "\n\\State \\Return $r$\n\\end{algorithmic}"
    run = from_latex(text)
    assert run.run(inputs).ok  # the float run is fine
    result = run.run(inputs, exact=True)
    assert result.finding is not None and result.finding.code == "AV310"
    assert run.source.line_col(result.finding.span.start) == (3, column)
    assert message in result.finding.message


@settings(max_examples=40, deadline=None)
@given(st.lists(st.floats(-1e6, 1e6, allow_nan=False), min_size=1, max_size=30))
def test_an_exact_naive_sum_is_the_exact_sum_of_the_floats(values):
    naive = listing(r"""
        \Require $x \in \mathbb{R}^n$
        \State $s \gets 0$
        \For{$i = 1$ \To $n$}
          \State $s \gets s + x_i$
        \EndFor
        \State \Return $s$
        """)
    assert naive.run({"x": np.array(values)}, exact=True).value == sum(map(Fraction, values))


# --- arithmetic: exact in a property check -----------------------------------------------------------


@pytest.mark.parametrize(
    ("check_id", "status"),
    [
        ("naive-error", "verified"),  # |s - s_exact| <= n u sum |x_i|
        ("naive-is-not-compensated", "refuted"),  # ... <= 2 u sum |x_i| is false for long naive sums
        ("kahan-error", "verified"),  # compensated summation meets 2 u sum |x_i|
        ("kahan-exact-run-has-no-correction", "verified"),
    ],
)
def test_round_off_claims_are_checked_against_the_exact_run(check_id, status):
    report = api.check([DATA / "roundoff.md"], seed=0).notes[0]
    (outcome,) = [o for o in report.outcomes if o.check.id == check_id]
    assert outcome.status == status, outcome.message
    if status == "refuted":
        assert "is false" in outcome.message and "rtol 0, atol 0" in outcome.message


@pytest.mark.parametrize(
    ("extra", "key_line", "fragment"),
    [
        ("as: f", 9, "and as: runs the listing otherwise"),
        ('at: "\\\\For"', 9, "and at: runs the listing otherwise"),
    ],
)
def test_arithmetic_exact_needs_one_run_of_a_listing(tmp_path, extra, key_line, fragment):
    note = (DATA / "roundoff.md").read_text(encoding="utf-8")
    spec_end = note.index("    - id: naive-is-not-compensated")
    head = note[:spec_end].replace("      arithmetic: exact\n", f"      arithmetic: exact\n      {extra}\n", 1)
    path = tmp_path / "note.md"
    path.write_text(head + note[note.index("---\n", 4) :], encoding="utf-8")
    report = api.check([path], seed=0).notes[0]
    found = [f for f in report.findings if "arithmetic: exact" in f.message]
    assert found and fragment in found[0].message
    assert report.note.source.line_col(found[0].span.start)[0] == key_line


def test_an_exact_run_without_a_rational_value_could_not_check(tmp_path):
    note = (DATA / "roundoff.md").read_text(encoding="utf-8")
    path = tmp_path / "note.md"
    path.write_text(note.replace(r"\State \(s \gets s + x_i\)", r"\State \(s \gets s + \sqrt{x_i}\)"), encoding="utf-8")
    report = api.check([path], seed=0).notes[0]
    (outcome,) = [o for o in report.outcomes if o.check.id == "naive-error"]
    assert outcome.status == "could not check"
    found = [f for f in report.findings if f.code == "AV310"]  # one per check over listing 1
    assert [report.note.source.line_col(f.span.start) for f in found] == [(51, 24), (51, 24)]


# --- the command line ---------------------------------------------------------------------------


def main(argv: list[str]) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    status = cli.main(argv, stdout=out, stderr=err)
    return status, out.getvalue() + err.getvalue()


def note(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "note.md"
    path.write_text(
        "---\ntitle: t\n---\n\n\\begin{algorithmic}\n" + textwrap.dedent(body).strip() + "\n\\end{algorithmic}\n"
    )
    return path


def test_run_exact_prints_float_and_exact_side_by_side(tmp_path):
    status, out = main(["run", str(note(tmp_path, TENTHS)), "--exact", "--set", "n=10"])
    assert status == 0
    assert out.splitlines() == [
        "output  float               exact  float − exact",
        "s       0.9999999999999999  1      -1.11e-16",
    ]


def test_run_exact_shows_each_entry_of_an_array(tmp_path):
    body = r"""
        \Require $x$
        \State \Return $\frac{x}{3}$
        """
    status, out = main(["run", str(note(tmp_path, body)), "--exact", "--set", "x=[1, 3]"])
    assert status == 0
    rows = [line.split() for line in out.splitlines()[1:]]
    assert rows == [["result_1", "0.3333333333333333", "1/3", "-1.85e-17"], ["result_2", "1.0", "1", "0"]]


def test_run_exact_reports_a_value_with_no_exact_form(tmp_path):
    path = note(
        tmp_path,
        r"""
        \Require $a$
        \State $r \gets \sqrt{a}$
        \State \Return $r$
        """,
    )
    status, out = main(["run", str(path), "--exact", "--set", "a=2"])
    assert status == 1
    assert "r = 1.414213562" in out  # the float run's value, then where the exact run stopped
    assert f"{path}:7:17: AV310 not exact: \\sqrt{{a}}: \\sqrt of a non-square (2)" in out
