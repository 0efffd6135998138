"""Exact arithmetic (issue 13, item 4): a listing run over rationals, ``run --exact``, ``arithmetic: exact``.

Tables: listings whose exact value is known (a sum of thirds is 1) → that value; math with no
rational value → ``AV310`` at the node, with its line and column; the round-off note's checks →
their verdicts; the command line's side-by-side table. A hypothesis property: the exact run of a
naive sum is the exact sum of the floats given.
"""

from __future__ import annotations

import functools
import io
import textwrap
import time
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from algoverify import api, cli
from algoverify.running.interpreter import Budget
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
        (r"\State \Return $\sqrt{2} \sqrt{2}$", {}, Fraction(2)),  # roots that cancel leave a rational
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
        (r"\State $r \gets \exp(a) - 1$", {"a": 1}, 17, r"\exp(a): \exp of 1 is not algebraic (e)"),  # LaTeX, not sympy's E (issue 20)
        (r"\State $r \gets 2 \log a$", {"a": 3}, 19, r"\log a: \log of 3 is not algebraic (\log{(3)})"),
        (r"\State $r \gets \sin(a)$", {"a": 0.5}, 17, r"\sin of 1/2 is not algebraic"),
        # a root is algebraic, a function of it is not; nor is a power with an irrational exponent
        (r"\State $r \gets \exp(\sqrt{a})$", {"a": 2}, 17, r"\exp of \sqrt{2} is not algebraic (e^{\sqrt{2}})"),
        (r"\State $r \gets 2^{\sqrt{a}}$", {"a": 2}, 17, r"2 to the power \sqrt{2} is not algebraic"),
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


@pytest.mark.slow
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


@pytest.mark.slow
def test_an_exact_run_without_a_rational_value_could_not_check(tmp_path):
    note = (DATA / "roundoff.md").read_text(encoding="utf-8")
    path = tmp_path / "note.md"
    path.write_text(note.replace(r"\State \(s \gets s + x_i\)", r"\State \(s \gets s + \exp(x_i)\)"), encoding="utf-8")
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
        \State $r \gets \exp(a)$
        \State \Return $r$
        """,
    )
    status, out = main(["run", str(path), "--exact", "--set", "a=1"])
    assert status == 1
    assert "r = 2.718281828" in out  # the float run's value, then where the exact run stopped
    assert f"{path}:7:17: AV310 not exact: \\exp(a): \\exp of 1 is not algebraic (e)" in out


# --- square roots: algebraic numbers (issue 19, item 7) ----------------------------------------------

GRAM_SCHMIDT = r"""
\Require $A \in \mathbb{R}^{n \times n}$, $A = [a_1, \dots, a_n]$
\For{$j = 1, \dots, n$}
  \State $v \gets a_j$
  \For{$i = 1, \dots, j-1$}
    \State $R_{i,j} \gets q_i^{\top} a_j$
    \State $v \gets v - R_{i,j} q_i$
  \EndFor
  \State $R_{j,j} \gets \lVert v \rVert$
  \State $q_j \gets v / R_{j,j}$
\EndFor
\State \Return $[q_1, \dots, q_n], R$
"""

CHOLESKY = r"""
\Require symmetric positive definite $A \in \mathbb{R}^{n \times n}$
\State $L \gets \operatorname{zeros}(n, n)$
\For{$j = 1, \dots, n$}
  \State $L_{jj} \gets \sqrt{A_{jj} - \sum_{k=1}^{j-1} L_{jk}^2}$
  \For{$i = j + 1, \dots, n$}
    \State $L_{ij} \gets (A_{ij} - \sum_{k=1}^{j-1} L_{ik} L_{jk}) / L_{jj}$
  \EndFor
\EndFor
\State \Return $L$
"""

# Archimedes: the half-perimeter of the regular 6·2^m-gon inscribed in the unit circle (nested roots)
ARCHIMEDES = r"""
\Require doublings $m$
\State $s \gets 1$
\State $n \gets 6$
\For{$k = 1$ \To $m$}
  \State $s \gets \sqrt{2 - \sqrt{4 - s^2}}$
  \State $n \gets 2 n$
\EndFor
\State \Return $n s / 2$
"""


def _text(value):
    """An exact value as it prints, entry by entry (``[1/2, sqrt(67)/4]``)."""
    if isinstance(value, np.ndarray):
        return "[" + ", ".join(_text(v) for v in value) + "]"
    return str(value)


@pytest.mark.parametrize(
    ("body", "inputs", "printed"),
    [
        (r"\Require $x$" + "\n" + r"\State \Return $\lVert x \rVert$", {"x": [1, 1]}, "sqrt(2)"),
        (r"\Require $x$" + "\n" + r"\State \Return $x / \lVert x \rVert$", {"x": [1, 1]}, "[sqrt(2)/2, sqrt(2)/2]"),
        (r"\State \Return $\frac{1}{\sqrt{2} + 1}$", {}, "-1 + sqrt(2)"),
        (r"\State \Return $(\sqrt{2} + \sqrt{3})(\sqrt{2} - \sqrt{3})$", {}, "-1"),
        (r"\State \Return $\sqrt{3 + 2 \sqrt{2}}$", {}, "1 + sqrt(2)"),  # denested
        (r"\State \Return $\sqrt{1 + \sqrt{2}}^{2}$", {}, "1 + sqrt(2)"),  # nested, and back
        (r"\State \Return $\sqrt[3]{2}^{3} + 2^{1/2}$", {}, "sqrt(2) + 2"),
        (
            GRAM_SCHMIDT,
            {"A": [[1, 1], [1, 0]]},
            "([[sqrt(2)/2, sqrt(2)/2], [sqrt(2)/2, -sqrt(2)/2]], [[sqrt(2), sqrt(2)/2], [0, sqrt(2)/2]])",
        ),
        (CHOLESKY, {"A": [[4, 2, 1], [2, 5, 3], [1, 3, 6]]}, "[[2, 0, 0], [1, 2, 0], [1/2, 5/4, sqrt(67)/4]]"),
        (ARCHIMEDES, {"m": 1}, "-3*sqrt(2) + 3*sqrt(6)"),  # 12 sin(π/12) = 3(√6 − √2)
    ],
)
def test_an_exact_run_carries_square_roots(body, inputs, printed):
    result = listing(body).run(inputs, exact=True)
    assert result.ok, result.finding
    value = result.value
    assert (f"({_text(value[0])}, {_text(value[1])})" if isinstance(value, tuple) else _text(value)) == printed


def test_gram_schmidt_is_orthonormal_exactly_and_the_float_run_only_nearly():
    A = np.array([[1.0, 2, 0, 1], [2, 1, 1, 0], [0, 1, 3, 1], [1, 0, 1, 2]])
    gs = listing(GRAM_SCHMIDT)
    Q, R = gs.run({"A": A}, exact=True).value
    assert np.all(Q.T @ Q == np.eye(4)) and np.all(Q @ R == A)
    assert str(R[3, 3]) == "23*sqrt(166)/166"
    Qf, _ = gs.run({"A": A}).value
    assert not np.all(Qf.T @ Qf == np.eye(4)) and np.allclose(Qf.T @ Qf, np.eye(4))


def test_nested_roots_are_compared_exactly():
    # Archimedes' bounds: 3 10/71 < half-perimeter of the 96-gon < 3 1/7 (π = 3.14159…)
    P = listing(ARCHIMEDES).run({"m": 4}, exact=True).value
    assert Fraction(223, 71) < P < Fraction(22, 7)
    assert Fraction(314103, 100000) < P < Fraction(314104, 100000)  # 3.1410319508905…


# (condition, truth): a listing's \If decided exactly; the float run decides the marked rows wrong
CONDITIONS = [
    (r"\sqrt{2} \sqrt{2} = 2", True, True),  # floats: 2.0000000000000004
    (r"\sqrt{2} + \sqrt{3} > \sqrt{10}", False, False),  # (√2 + √3)² = 5 + 2√6 < 10: 24 < 25
    (r"\sqrt{10^{16} + 1} > 10^{8}", True, True),  # floats: 10^16 + 1 rounds to 10^16
    (r"(\sqrt{2} + \sqrt{3})^{2} = 5 + 2 \sqrt{6}", True, True),
    (r"\sqrt{5} + \sqrt{7} \le \sqrt{3} + \sqrt{8}", False, False),  # 12 + 2√35 > 11 + 2√24
    (r"\frac{1}{\sqrt{2} - 1} \ne \sqrt{2} + 1", False, True),
]


@pytest.mark.parametrize(("condition", "truth", "floats_wrong"), CONDITIONS)
def test_a_condition_on_roots_is_decided_exactly(condition, truth, floats_wrong):
    branch = listing(
        rf"""
        \If{{${condition}$}}
          \State \Return $1$
        \EndIf
        \State \Return $0$
        """
    )
    assert branch.run({}, exact=True).value == int(truth)
    assert (branch.run({}).value != int(truth)) is floats_wrong


def test_a_loop_on_an_exact_norm_stops_where_exact_arithmetic_does():
    # conjugate gradient on a rational SPD system: the exact residual is 0 after n steps
    cg = listing(r"""
        \Require $A \in \mathbb{R}^{n \times n}$, $b \in \mathbb{R}^{n}$
        \State $x \gets \operatorname{zeros}(n)$
        \State $r \gets b$
        \State $p \gets r$
        \State $k \gets 0$
        \While{$\lVert r \rVert > 0$}
          \State $\alpha \gets (r^{\top} r) / (p^{\top} A p)$
          \State $x \gets x + \alpha p$
          \State $s \gets r - \alpha A p$
          \State $\beta \gets (s^{\top} s) / (r^{\top} r)$
          \State $p \gets s + \beta p$
          \State $r \gets s$
          \State $k \gets k + 1$
        \EndWhile
        \State \Return $x, k$
        """)
    A, b = np.array([[4.0, 2, 1], [2, 5, 3], [1, 3, 6]]), np.array([1.0, 2, 3])
    x, k = cg.run({"A": A, "b": b}, exact=True).value
    assert k == 3 and list(x) == [Fraction(6, 67), Fraction(7, 67), Fraction(29, 67)]
    assert cg.run({"A": A, "b": b}).value[1] > 3  # the float residual takes more passes to reach 0


@pytest.mark.slow
@pytest.mark.parametrize(
    ("body", "column", "fragment"),
    [
        # a rational Newton step doubles its digits each pass
        (r"\State $x \gets (x + 2 / x) / 2$", 17, "past the 10,000 digits an exact run carries"),
        # a nested root in a loop grows by a level each pass
        (r"\State $x \gets \sqrt{1 + x}$", 23, "grew past 400 operations"),
    ],
)
def test_a_runaway_exact_run_is_stopped_at_the_math_that_grows(body, column, fragment):
    run = listing(
        r"""
        \State $x \gets 1$
        \For{$i = 1, \dots, 1000$}
        """
        + body
        + r"""
        \EndFor
        \State \Return $x$
        """
    )
    start = time.perf_counter()
    result = run.run({}, exact=True, budget=Budget(max_seconds=5))
    assert time.perf_counter() - start < 5
    assert result.finding.code == "AV310" and fragment in result.finding.message
    assert run.source.line_col(result.finding.span.start) == (4, column)


@settings(max_examples=25, deadline=None)
@given(
    st.fractions(min_value=0, max_value=100, max_denominator=50),
    st.fractions(min_value=0, max_value=100, max_denominator=50),
)
def test_a_difference_of_square_roots_times_their_sum_is_exactly_rational(a, b):
    difference = listing(r"""
        \Require $a, b$
        \State \Return $(\sqrt{a} + \sqrt{b})(\sqrt{a} - \sqrt{b})$
        """)
    value = difference.run({"a": a, "b": b}, exact=True).value
    assert type(value) is Fraction and value == a - b


@pytest.mark.slow
@pytest.mark.parametrize(
    ("check_id", "status"),
    [
        ("gs-orthonormal", "verified"),
        ("gs-residual", "verified"),
        ("gs-floats-lose-orthogonality", "refuted as expected"),  # Q^T Q = I of the float run, exactly: false
        ("householder-triangular", "verified"),
        ("householder-gram", "verified"),
        ("cholesky-residual", "verified"),
        ("cg-finite-termination", "verified"),
    ],
)
def test_claims_about_exact_orthonormalisation_are_checked(check_id, status):
    report = _orthonormal_report()
    (outcome,) = [o for o in report.outcomes if o.check.id == check_id]
    assert outcome.status == status, outcome.message


@functools.cache
def _orthonormal_report():
    return api.check([DATA / "orthonormal.md"], seed=0).notes[0]


def test_run_exact_prints_roots_and_their_distance_to_the_floats(tmp_path):
    body = r"""
        \Require $x$
        \State \Return $x / \lVert x \rVert$
        """
    status, out = main(["run", str(note(tmp_path, body)), "--exact", "--set", "x=[1, 1]"])
    assert status == 0
    rows = [line.split() for line in out.splitlines()[1:]]
    # the float 0.7071067811865475 is 0.70710678118654746171…, √2/2 is 0.70710678118654752440…
    assert rows == [[f"result_{k}", "0.7071067811865475", "sqrt(2)/2", "-6.27e-17"] for k in (1, 2)]
