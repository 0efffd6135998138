r"""Rounds 127 and after (new users' notes, written from the docs alone): what they found, held.

The fixtures are ours, written for these tests after the shape of a listing a round wrote.
"""

from __future__ import annotations

import re

import numpy as np
import pytest
from helpers import written_note

import algoverify
from algoverify import api
from algoverify.math.ops import _equal
from algoverify.running.listing import ExecutionError

SWEEPS = r"""---
title: t
algoverify:
  checks:
    - id: contracts
      kind: property
      listing: 1
      inputs: {n: 3, A: "[[5, 1, -2], [1, -6, 2], [0.5, 1, 4]]", b: "randn(n)", x_of_0: "randn(n)", tau: 1e-10}
      <hook>
      holds: '\lVert x^{(<new>)} - A^{-1} b \rVert_\infty \le <factor> \lVert x^{(<old>)} - A^{-1} b \rVert_\infty'
---

Let \(A\) be an \(n \times n\) matrix with a dominant diagonal, \(b \in \mathbb{R}^n\), and
\(x^{(0)}\) a first guess.

\begin{algorithmic}[1]
\Require \(A\), \(b\), a first guess \(x^{(0)}\), a tolerance \(\tau > 0\)
<loop>
\end{algorithmic}
"""
REPEAT = r"""\State \(k \gets 0\)
\Repeat
  \For{\(i = 1, \dots, n\)}
    \State \(x^{(k+1)}_i \gets \bigl( b_i - \sum_{j \ne i} a_{ij} x^{(k)}_j \bigr) / a_{ii}\)
  \EndFor
  \State \(k \gets k + 1\)
\Until{\(\lVert x^{(k)} - x^{(k-1)} \rVert_\infty < \tau\)}
\State \Return \(x^{(k)}\)"""
FOR = r"""\For{\(k = 0, 1, 2, \dots\)}
  \For{\(i = 1, \dots, n\)}
    \State \(x^{(k+1)}_i \gets \bigl( b_i - \sum_{j \ne i} a_{ij} x^{(k)}_j \bigr) / a_{ii}\)
  \EndFor
  \If{\(\lVert x^{(k+1)} - x^{(k)} \rVert_\infty < \tau\)}
    \State \Return \(x^{(k+1)}\)
  \EndIf
\EndFor"""
# the rows' off-diagonal sums over the diagonal are 3/5, 3/6 and 1.5/4: the error shrinks by 0.6 a sweep
DOMINANT = np.array([[5.0, 1.0, -2.0], [1.0, -6.0, 2.0], [0.5, 1.0, 4.0]])


def _sweeps(tmp_path, loop, hook, new, old, factor="0.6"):
    text = SWEEPS.replace("<loop>", loop).replace("<hook>", hook)
    return written_note(tmp_path, text.replace("<new>", new).replace("<old>", old).replace("<factor>", factor))


def test_a_repeat_that_steps_its_own_counter_stores_the_iterates_by_entry(tmp_path):
    # round 121: a Repeat whose k \gets k + 1 steps the sweep count stored x^{(k+1)}_i as a name of its own
    # (x_of_k_plus_1), and x^{(k)} was "not defined" at every run
    note = _sweeps(tmp_path, REPEAT, r'after: "k \\gets k + 1"', "k", "k-1")
    (listing,) = algoverify.load(note).listings
    b = np.array([1.0, -2.0, 3.0])
    x = listing(A=DOMINANT, b=b, x_of_0=np.zeros(3), tau=1e-12)
    assert np.allclose(DOMINANT @ x, b)


@pytest.mark.parametrize(
    ("loop", "hook", "new", "old"),
    [(REPEAT, r'after: "k \\gets k + 1"', "k", "k-1"), (FOR, r'at: "\\If"', "k+1", "k")],
    ids=["repeat", "for"],
)
def test_a_relation_between_two_iterates_reads_them_by_their_labels(tmp_path, loop, hook, new, old):
    # round 121: x^{(0)} given and x^{(1)} stored entry by entry made the family a list of an array and a
    # map; `holds:` indexed it from 1, x^{(0)} was "index 0 out of range", and the hint `index_base: 0`
    # then refuted true claims
    (outcome,) = api.check([_sweeps(tmp_path, loop, hook, new, old)]).notes[0].outcomes
    assert outcome.status == "verified", outcome.message
    (outcome,) = api.check([_sweeps(tmp_path, loop, hook, new, old, factor="0.1")]).notes[0].outcomes
    assert outcome.status == "refuted", outcome.message


@pytest.mark.parametrize(
    ("a", "b", "rtol", "atol"),
    [
        (1, 1, 1e-9, 1e-12),
        (1, 2, 1e-9, 1e-12),
        (2, 1.0, 1e-9, 0.0),
        (1.0, 1.0 + 1e-12, 1e-9, 0.0),
        (1e-13, 0.0, 0.0, 1e-12),
        (1e-11, 0.0, 0.0, 1e-12),
        (float("nan"), float("nan"), 1e-9, 1e-12),
        (float("inf"), float("inf"), 1e-9, 1e-12),
        (float("inf"), 1e300, 1e-9, 1e-12),
        (2**60, 2**60 + 1, 1e-9, 0.0),
    ],
)
def test_two_plain_numbers_are_close_as_numpy_says(a, b, rtol, atol):
    assert _equal(a, b, rtol, atol) is bool(np.isclose(a, b, rtol=rtol, atol=atol))


POWER = r"""---
title: t
algoverify:
  checks:
    - id: few-products
      kind: contract
      listing: 1
      inputs: {x: "integers(-9, 9)", n: "integers(<low>, <high>)"}
      expect: {terminates: true}
---

Let \(x\) be an integer and \(n \ge 1\) a whole number.

\begin{algorithmic}[1]
\Require an integer \(x\), a whole number \(n \ge 1\)
\State \(y \gets 1\)
\For{\(k = 1, \dots, n\)}
  \State \(y \gets y \cdot x\)
\EndFor
\State \Return \(y\)
\end{algorithmic}
"""


def test_an_integer_past_our_digit_limit_is_run_again_with_a_wider_one(tmp_path):
    # round 129: square and multiply at n = 12,428 passed the 10,000 digits a listing's integers may have,
    # and a true claim was refuted; a draw past the limit runs once more with a hundred times the digits
    note = written_note(tmp_path, POWER.replace("<low>", "12000").replace("<high>", "19000"))
    (outcome,) = api.check([note]).notes[0].outcomes
    assert outcome.status == "verified", outcome.message
    small = written_note(tmp_path, POWER.replace("<low>", "1").replace("<high>", "50"), name="small.md")
    (outcome,) = api.check([small]).notes[0].outcomes
    assert outcome.status == "verified", outcome.message


def test_an_integer_past_the_wider_limit_says_how_to_narrow_the_draws(tmp_path):
    # a loop that squares n times (x^{2^n}, digits past a million at n = 30) stops there, and says the
    # limit is ours (a runaway edit that squares without end is refuted so)
    squares = POWER.replace("<low>", "30").replace("<high>", "40").replace("y \\cdot x", "y \\cdot y")
    squares = squares.replace("\\State \\(y \\gets 1\\)", "\\State \\(y \\gets x + 10\\)")
    (outcome,) = api.check([written_note(tmp_path, squares)]).notes[0].outcomes
    assert outcome.status == "refuted", outcome.message
    assert "limited to 1,000,000 digits" in outcome.message
    assert "if the integers are right, narrow the draws so that they stay smaller" in outcome.message


DOOLITTLE = r"""---
title: t
algoverify:
  checks:
    - id: factors
      kind: property
      listing: 1
      inputs: {n: "integers(1, 4)", A: "<draw>"}
      holds: 'L U = A'
---

Let \(A\) be an \(n \times n\) matrix <hypothesis>.

\begin{algorithmic}[1]
\Require \(A \in \mathbb{R}^{n \times n}\)
\State \(U \gets A\), \(L \gets I_n\)
\For{\(k = 1, \dots, n - 1\)}
  \For{\(i = k + 1, \dots, n\)}
    \State \(l_{ik} \gets u_{ik} / u_{kk}\)
    \For{\(j = k, \dots, n\)}
      \State \(u_{ij} \gets u_{ij} - l_{ik} u_{kj}\)
    \EndFor
  \EndFor
\EndFor
\State \Return \(L, U\)
\end{algorithmic}
"""


@pytest.mark.parametrize(
    "hypothesis",
    [
        "whose leading principal submatrices are all nonsingular",
        "with non-singular leading principal submatrices",
        "whose leading principal submatrices are invertible",
        "whose leading principal minors are nonzero",
    ],
)
def test_nonsingular_leading_submatrices_are_a_precondition_of_their_own(tmp_path, hypothesis):
    # round 129: Doolittle's hypothesis was read as "A is invertible", and the permutation [[0, 1], [1, 0]]
    # (invertible, its first pivot zero) refuted three true claims with a division by zero
    draw = "[[0, 1], [1, 0]]"
    note = written_note(tmp_path, DOOLITTLE.replace("<hypothesis>", hypothesis).replace("<draw>", draw))
    (listing,) = algoverify.load(note).listings
    with pytest.raises(ExecutionError, match="leading principal submatrices of A are invertible"):
        listing(A=np.array([[0.0, 1.0], [1.0, 0.0]]))
    drawn = written_note(
        tmp_path, DOOLITTLE.replace("<hypothesis>", hypothesis).replace("<draw>", "randn(n, n)"), "d.md"
    )
    (outcome,) = api.check([drawn]).notes[0].outcomes
    assert outcome.status == "verified", outcome.message


def test_an_invertible_matrix_is_not_said_to_have_nonsingular_leading_submatrices(tmp_path):
    note = written_note(tmp_path, DOOLITTLE.replace("<hypothesis>", "that is invertible").replace("<draw>", "x"))
    (listing,) = algoverify.load(note).listings
    with pytest.raises(ExecutionError, match="division by zero"):
        listing(A=np.array([[0.0, 1.0], [1.0, 0.0]]))


AITKEN = r"""---
title: t
algoverify:
  checks:
    - id: fewer
      kind: property
      listing: 1
      inputs: {N: "integers(2, 6)", x: "integers(-2, 2, N + 1)"}
      holds: '\operatorname{len}(\hat{x}) = N - 1'
---

Let \(x_0, x_1, \dots, x_N\), with \(N \ge 2\), be terms of a sequence. <assumption>

\begin{algorithmic}[1]
\Require \(x_0, \dots, x_N\)
\For{\(n = 0, \dots, N - 2\)}
  \State \(\hat{x}_n \gets x_n - (x_{n+1} - x_n)^2 / (x_{n+2} - 2 x_{n+1} + x_n)\)
\EndFor
\State \Return \(\hat{x}_0, \dots, \hat{x}_{N-2}\)
\end{algorithmic}
"""


@pytest.mark.parametrize(
    ("assumption", "status"),
    [
        (r"We assume throughout that no second difference \(\Delta^2 x_n\) vanishes.", "verified"),
        ("Suppose no second difference is zero.", "verified"),
        ("", "refuted"),
    ],
)
def test_an_assumption_that_nothing_divided_by_vanishes_skips_such_draws(tmp_path, assumption, status):
    # round 129: Aitken's "no second difference vanishes" was not read (only "denominator", "divisor" and
    # "pivot" were), and a constant sequence refuted two true claims with a division by zero
    note = written_note(tmp_path, AITKEN.replace("<assumption>", assumption))
    (outcome,) = api.check([note]).notes[0].outcomes
    assert outcome.status == status, outcome.message


def test_a_family_returned_by_its_members_is_named_by_the_family(tmp_path):
    # round 129: `\Return \(\hat{x}_0, \dots, \hat{x}_{N-2}\)` named its output `result`, and `compare: {x_hat: …}`
    # was "not an output"; a reader says x_hat (a relation still reads the members by their labels, from the run)
    (listing,) = algoverify.load(written_note(tmp_path, AITKEN.replace("<assumption>", ""))).listings
    assert listing.outputs == ("result",) and listing.output_families == {"x_hat": "result"}
    spec = (
        "  module: limits.py\n  checks:\n    - id: same\n      kind: reference\n      listing: 1\n"
        '      inputs: {N: "integers(2, 5)", x: "randn(N + 1)"}\n      reference: aitken\n'
        "      compare: {x_hat: {rtol: 1e-9}}\n"
    )
    (tmp_path / "limits.py").write_text(
        "import numpy as np\n\n\ndef aitken(x):\n"
        "    return x[:-2] - (x[1:-1] - x[:-2]) ** 2 / (x[2:] - 2 * x[1:-1] + x[:-2])\n"
    )
    text = AITKEN.replace("<assumption>", "We assume that no second difference vanishes.")
    text = text[: text.index("  checks:")] + spec + text[text.index("---\n\nLet") :]
    (outcome,) = api.check([written_note(tmp_path, text, "ref.md")]).notes[0].outcomes
    assert outcome.status == "verified", outcome.message
    assert np.allclose(listing(x=np.array([1.0, 0.5, 0.25, 0.125])), [0.0, 0.0])


GRAM = r"""---
title: t
---

Let \(A \in \mathbb{R}^{m \times n}\) have linearly independent columns \(a_1, \dots, a_n\).<display>

\begin{algorithmic}[1]
\Require \(A = [a_1, \dots, a_n]\)
\Ensure <ensured> with orthonormal columns and \(R\) upper triangular
\For{\(i = 1, \dots, n\)}
  \State \(v_i \gets a_i\)
\EndFor
\For{\(i = 1, \dots, n\)}
  \State \(r_{ii} \gets \lVert v_i \rVert\)
  \State \(q_i \gets v_i / r_{ii}\)
  \For{\(j = i + 1, \dots, n\)}
    \State \(r_{ij} \gets q_i^{\top} v_j\)
    \State \(v_j \gets v_j - r_{ij} q_i\)
  \EndFor
\EndFor
\State \Return \(Q, R\)
\end{algorithmic}

In exact arithmetic the columns of \(Q\) are orthonormal.
"""
DISPLAY = "\n\n\\[\nA = Q R, \\qquad Q = [q_1, \\dots, q_n] \\in \\mathbb{R}^{m \\times n}.\n\\]"


@pytest.mark.parametrize(
    ("display", "ensured"),
    [(DISPLAY, r"\(Q\)"), ("", r"\(Q = [q_1, \dots, q_n]\)")],
    ids=["display", "ensure"],
)
def test_a_display_or_an_ensure_says_which_columns_make_a_returned_matrix(tmp_path, display, ensured):
    # round 127: Q = [q_1, …, q_n] in a display and in the \Ensure was not read, and "the columns of Q
    # are orthonormal" after the listing made Q an input: drawing it, as AV307 asked, refuted true claims
    note = written_note(tmp_path, GRAM.replace("<display>", display).replace("<ensured>", ensured))
    (listing,) = algoverify.load(note).listings
    assert listing.inputs == ("A",)
    A = np.array([[3.0, 1.0], [4.0, 2.0], [0.0, 5.0]])
    Q, R = listing(A=A)
    assert np.allclose(Q @ R, A) and np.allclose(Q.T @ Q, np.eye(2))


def test_prose_after_a_listing_declares_no_input_of_what_it_returns(tmp_path):
    # round 127: with nothing saying what Q is, the claim after the listing declared it an input
    # ("orthogonal, from the prose"); lint now says Q is not defined, at the \Return
    note = written_note(tmp_path, GRAM.replace("<display>", "").replace("<ensured>", r"\(Q\)"))
    report = api.lint([note])
    findings = [f for f in report.all_findings() if f.code != "AV604"]
    assert [(f.code, "Q is not defined" in f.message) for f in findings] == [("AV303", True)]
    line, col = report.sources[note].line_col(findings[0].span.start)
    assert note.read_text().splitlines()[line - 1][col - 1 :].startswith("Q, R")


CENTRES = r"""---
title: t
algoverify:
  checks:
    - id: closer
      kind: property
      listing: 1
      inputs: {n: "integers(1, 9)", k: "integers(1, 3)", X: "randn(n, 2)", M: "randn(k, 2)"}
      holds: '\sum_{i=1}^{n} \lVert x_i - \mu_{c_i} \rVert^2 \le <factor> \sum_{i=1}^{n} \lVert x_i - \mu^{(0)}_{c_i} \rVert^2'
---

Let \(x_1, \dots, x_n \in \mathbb{R}^2\) be points, the rows of \(X \in \mathbb{R}^{n \times 2}\), and let the
current centres \(\mu_1, \dots, \mu_k\) be the rows of \(M \in \mathbb{R}^{k \times 2}\).

\begin{algorithmic}[1]
\Require points \(x_1, \dots, x_n\), centres \(\mu_1, \dots, \mu_k\)
\For{\(i = 1, \dots, n\)}
  \State \(c_i \gets \arg\min_{j} \lVert x_i - \mu_j \rVert\)
\EndFor
\For{\(j = 1, \dots, k\)}
  \State \(S_j \gets \{ i : c_i = j \}\)
  \If{\(S_j \ne \emptyset\)}
    \State \(\mu_j \gets \frac{1}{\lvert S_j \rvert} \sum_{i \in S_j} x_i\)
  \EndIf
\EndFor
\State \Return \(M, c\)
\end{algorithmic}
"""


def test_a_matrix_whose_rows_the_listing_reads_before_it_updates_them_is_an_input(tmp_path):
    # round 128: "let the centres μ_1, …, μ_k be the rows of M" with μ_j read, then moved: M was taken for a
    # matrix the listing computes from nothing, and a spec drawing M was told "draw mu"
    note = written_note(tmp_path, CENTRES.replace("<factor>", ""))
    (listing,) = algoverify.load(note).listings
    assert "M" in listing.inputs
    X = np.array([[0.0, 0.0], [2.0, 0.0], [10.0, 10.0]])
    M, c = listing(X=X, M=np.array([[1.0, 1.0], [9.0, 9.0], [50.0, 50.0]]))
    assert np.allclose(M, [[1.0, 0.0], [10.0, 10.0], [50.0, 50.0]]) and list(c) == [1, 1, 2]


def test_the_rows_of_an_input_on_entry_are_read_by_their_own_label(tmp_path):
    # round 128: \mu^{(0)}_j of centres that are the rows of the input M was "not defined"
    (outcome,) = api.check([written_note(tmp_path, CENTRES.replace("<factor>", ""))]).notes[0].outcomes
    assert outcome.status == "verified", outcome.message
    wrong = written_note(tmp_path, CENTRES.replace("<factor>", "0.01"), name="wrong.md")
    (outcome,) = api.check([wrong]).notes[0].outcomes
    assert outcome.status == "refuted", outcome.message


def test_a_let_where_no_check_kind_takes_one_says_how_a_function_input_is_given(tmp_path):
    # round 128: a contract on a search that takes f said only "unknown key let" and the list of keys;
    # contracts and references take `let:` since round 160; a snippet's functions come from a generator
    spec = "    - id: c\n      kind: snippet\n      block: 1\n      quotes: ['1']\n      let: {f(x): 'x^2'}\n"
    text = POWER.replace(POWER[POWER.index("    - id:") : POWER.index("---\n\nLet")], spec)
    (finding,) = [f for f in api.lint([written_note(tmp_path, text)]).all_findings() if f.code == "AV501"]
    assert "unknown key let for a snippet check: `let:` gives a listing's inputs" in finding.message
    assert "@register()" in finding.message
    contract = "    - id: c\n      kind: contract\n      listing: 1\n      let: {f(x): 'x^2'}\n      expect: {terminates: true}\n"
    text = POWER.replace(POWER[POWER.index("    - id:") : POWER.index("---\n\nLet")], contract)
    assert not [f for f in api.lint([written_note(tmp_path, text, "c.md")]).all_findings() if f.code == "AV501"]


def test_trace_beside_check_is_a_usage_error_not_ignored(tmp_path, capsys):
    # round 127: `run --check ID --trace` printed the verdict and no trace, and said nothing of it
    from algoverify.cli import main

    note = written_note(tmp_path, POWER.replace("<low>", "1").replace("<high>", "5"))
    assert main(["run", str(note), "--check", "few-products", "--set", "x=2", "--set", "n=3", "--trace"]) == 2
    assert "--trace traces one run of the listing" in capsys.readouterr().err
    assert main(["run", str(note), "--check", "few-products", "--set", "x=2", "--set", "n=3"]) == 0


NESTED = r"""---
title: t
---

\begin{algorithmic}[1]
\Require a number \(x > 0\)
\While{\(x > 0\)}
  \State \(x \gets x + 1\), \(j \gets 0\)
  \While{\(j < 2\)}
    \State \(j \gets j + 1\)
  \EndWhile
\EndWhile
\State \Return \(x\)
\end{algorithmic}
"""


def test_a_budget_spent_by_an_inner_loop_that_always_ends_points_at_the_loop_around_it(tmp_path):
    # round 130: Armijo's backtracking (27 passes an entry) was blamed as the loop that "did not terminate"
    # when the gradient descent around it stalled; the budget counts every loop's passes
    (listing,) = algoverify.load(written_note(tmp_path, NESTED)).listings
    with pytest.raises(ExecutionError) as info:
        listing(x=1.0)
    message = info.value.finding.message
    assert (
        "ran past the budget of 100000 iterations in all: this loop made 66,666 passes over 33,334 entries" in message
    )
    assert "a loop around it may be the one that does not stop" in message


def test_a_loop_that_never_ends_on_its_one_entry_is_said_to_be_the_one(tmp_path):
    text = NESTED.replace(r"\State \(j \gets j + 1\)", r"\State \(x \gets x + 1\)")
    (listing,) = algoverify.load(written_note(tmp_path, text)).listings
    with pytest.raises(ExecutionError, match=r"the loop ran past the budget of 100000 iterations$"):
        listing(x=1.0)


WINDOW = r"""---
title: t
---

Let \(x_1, \dots, x_N\) be samples and let \(w_1, \dots, w_L\) be a window of length \(L \le N\), not all
zero.

\begin{algorithmic}[1]
\Require \(x_1, \dots, x_N\), \(w_1, \dots, w_L\)
\State \(s \gets \sum_{j=1}^{L} w_j x_j / \sum_{j=1}^{L} w_j^2\)
\State \Return \(s\)
\end{algorithmic}
"""


def test_not_all_zero_after_a_count_and_its_bound_is_said_of_the_family(tmp_path):
    # round 132: Welch's "a data window of length \(L \le N\), not all zero" dropped the precondition, and a
    # zero window refuted three true claims with a division by zero
    (listing,) = algoverify.load(written_note(tmp_path, WINDOW)).listings
    with pytest.raises(ExecutionError, match="w is not zero does not hold"):
        listing(x=np.ones(3), w=np.zeros(2))
    assert listing(x=np.ones(3), w=np.array([1.0, 1.0])) == pytest.approx(1.0)


TRIDIAGONAL = r"""---
title: t
algoverify:
  module: counts.py
  checks:
    - id: count
      kind: property
      draw: {n: "integers(2, 5)", a: "randn(n)", b: "randn(n - 1)", x: "randn()"}
      holds: '<call> = \operatorname{countbelow}(a, b, x)'
---

Let \(T\) be the \(n \times n\) symmetric tridiagonal matrix with diagonal entries \(a_1, \dots, a_n\)
and off-diagonal entries \(b_1, \dots, b_{n-1}\). We assume that no pivot \(q_i\) is zero.

\begin{algorithmic}[1]
\Function{Below}{\(x\)}
  \State \(c \gets 0\); \(q \gets a_1 - x\)
  \If{\(q < 0\)} \State \(c \gets c + 1\) \EndIf
  \For{\(i = 2, \dots, n\)}
    \State \(q \gets a_i - x - b_{i-1}^2 / q\)
    \If{\(q < 0\)} \State \(c \gets c + 1\) \EndIf
  \EndFor
  \State \Return \(c\)
\EndFunction
\Function{Lowest}{\(a, b, \tau\)}
  \State \(\ell \gets -1000\); \(u \gets 1000\)
  \While{\(u - \ell > \tau\)}
    \State \(m \gets (\ell + u) / 2\)
    \If{\(\Call{Below}{m} \ge 1\)} \State \(u \gets m\) \Else \State \(\ell \gets m\) \EndIf
  \EndWhile
  \State \Return \((\ell + u) / 2\)
\EndFunction
\end{algorithmic}
"""


def test_bare_parameters_are_the_families_the_prose_names_with_their_size(tmp_path):
    # round 131: \Function{Bisect}{\(a, b, k, \tau\)} after "diagonal entries \(a_1, \dots, a_n\)" took a and
    # b for values, and the n the function reads was "missing" at every run
    (tmp_path / "counts.py").write_text(COUNTS)
    note = written_note(tmp_path, TRIDIAGONAL.replace("<call>", r"\mathrm{Below}(x)"))
    lowest = algoverify.load(note).listing("Lowest")
    assert lowest.inputs == ("a", "b", "tau")
    a, b = np.array([2.0, 1.0, 3.0]), np.array([1.0, 1.0])
    T = np.diag(a) + np.diag(b, 1) + np.diag(b, -1)
    assert lowest(a=a, b=b, tau=1e-9) == pytest.approx(np.linalg.eigvalsh(T)[0], abs=1e-8)


COUNTS = """import numpy as np


def countbelow(a, b, x):
    return int(np.sum(np.linalg.eigvalsh(np.diag(a) + np.diag(b, 1) + np.diag(b, -1)) < x))


FUNCTIONS = {"countbelow": countbelow}
"""


@pytest.mark.parametrize("call", [r"\mathrm{Below}(x)", r"\mathrm{Below}(a, b, x)", r"\mathrm{Below}(x, a, b)"])
def test_a_function_called_in_a_relation_takes_its_callers_names_from_the_relation(tmp_path, call):
    (tmp_path / "counts.py").write_text(COUNTS)
    # round 131: Negcount(x) in `holds:` was "missing input(s) a, b" though both were drawn; written
    # Negcount(a, b, x), b's value went to n; a division by zero the note assumes away was could-not-check
    (outcome,) = api.check([written_note(tmp_path, TRIDIAGONAL.replace("<call>", call))]).notes[0].outcomes
    assert outcome.status == "verified", outcome.message
    wrong = TRIDIAGONAL.replace("<call>", call + " + 1")
    (outcome,) = api.check([written_note(tmp_path, wrong, name="wrong.md")]).notes[0].outcomes
    assert outcome.status == "refuted", outcome.message


BANDED = r"""---
title: t
algoverify:
  checks:
    - id: banded
      kind: property
      draw: {n: "integers(1, 5)", H: "symmetric(n)"}
      holds: 'H = H^{\top} \land \forall i, j \in \{1, \dots, n\}: i \ne j \implies h_{ij} = <value>'
---

Let \(H\) be a symmetric matrix.
"""


def test_a_quantifier_over_several_names_after_a_conjunction_binds_them_all(tmp_path):
    # round 131: `H = H^{\top} \land \forall i, j \in S: …` read "j \in S" as an item of a list, j was "not
    # defined" at lint and the relation had "no value" at check
    (outcome,) = api.check([written_note(tmp_path, BANDED.replace("<value>", "h_{ji}"))]).notes[0].outcomes
    assert outcome.status == "verified", outcome.message
    (outcome,) = api.check([written_note(tmp_path, BANDED.replace("<value>", "0"), "z.md")]).notes[0].outcomes
    assert outcome.status == "refuted", outcome.message


PLOT = r"""---
title: t
---

\begin{algorithmic}[1]
\Procedure{Line}{\(n\)}
  \For{\(x = 1, \dots, n\)}
    \State \Call{Plot}{\(x\)}
  \EndFor
\EndProcedure
\end{algorithmic}
"""


def test_a_call_of_a_function_nothing_defines_says_at_a_run_what_lint_says(tmp_path):
    # round 133: lint said "AV303 Plot is not defined (no function Plot: define it …)", a run
    # "AV306 \Call of Plot, which is not a function here", and a call in math "(no such function; register it)"
    note = written_note(tmp_path, PLOT)
    (lint,) = [f.message for f in api.lint([note]).all_findings() if f.code == "AV303"]
    (listing,) = algoverify.load(note).listings
    with pytest.raises(ExecutionError) as info:
        listing(n=2)
    assert (info.value.finding.code, info.value.finding.message) == (
        "AV303",
        lint.replace(" (this statement will not run)", ""),
    )


DENSITY = r"""---
title: t
algoverify:
  checks:
    - id: normalised
      kind: property
      draw: {sigma: "uniform(0.1, 2)"}
      let: {'\pi(z)': '\exp(-z^2)', 'c': '(2 \pi \sigma^2)^{-1/2}'}
      holds: 'c = <value>'
---

Let \(\pi\) be a target density.
"""


def test_pi_read_as_a_value_beside_a_density_named_pi_is_the_circle_constant(tmp_path):
    # round 132: `(2 \pi \sigma^2)^{-d/2}` beside a target density π(x) was 2 π(σ)², silently
    exact = DENSITY.replace("<value>", r"1 / \sqrt{2 \cdot 3.141592653589793 \sigma^2}")
    (outcome,) = api.check([written_note(tmp_path, exact)]).notes[0].outcomes
    assert outcome.status == "verified", outcome.message
    wrong = DENSITY.replace("<value>", r"1 / \sqrt{2 \cdot 3.2 \sigma^2}")
    (outcome,) = api.check([written_note(tmp_path, wrong, name="wrong.md")]).notes[0].outcomes
    assert outcome.status == "refuted", outcome.message


def test_a_conditional_inside_a_call_says_how_to_write_the_arguments(tmp_path):
    # round 132: `q(x \mid y)` was "x \mid y has no value here", with no way given to write a conditional density
    text = PLOT.replace(r"\Call{Plot}{\(x\)}", r"\(y \gets q(x \mid n)\)")
    (finding,) = [f for f in api.lint([written_note(tmp_path, text)]).all_findings() if f.code == "AV308"]
    assert "a conditional inside a call is no argument; give the arguments with commas, q(x, y)" in finding.message


def test_a_run_of_a_procedure_that_returns_nothing_says_so(tmp_path, capsys):
    # round 133: `run` printed `result = None` for a procedure with no \Return; --help-inputs said "outputs: none"
    from algoverify.cli import main

    module = "FUNCTIONS = {'Plot': lambda x: None}\n"
    (tmp_path / "plot.py").write_text(module)
    note = written_note(tmp_path, PLOT.replace("title: t\n", "title: t\nalgoverify:\n  module: plot.py\n"))
    assert main(["run", str(note), "--set", "n=2"]) == 0
    assert capsys.readouterr().out == "outputs: none (the listing returns nothing)\n"


SENTINEL = r"""---
title: t
algoverify:
  module: keys.py
  checks:
    - id: sorted-prefix
      kind: property
      listing: 1
      inputs: {n: "integers(1, 6)", A: "sentinel_keys(n)"}
      at: "\\For"
      holds: '\forall l \in \{1, \dots, j - <gap>\}: A[l] \le A[l + 1]'
    - id: inversions
      kind: contract
      listing: 1
      inputs: {n: "integers(1, 6)", A: "sentinel_keys(n)"}
      expect:
        runs: {"A[i + 1] \\gets A[i]": '\left\lvert \{ (k, l) : 1 \le k < l \le n, A^{(0)}[k] > A^{(0)}[l] \} \right\rvert'}
---

\begin{algorithmic}[1]
\Require array \(A[0 <dots> n]\) with keys \(A[1], \dots, A[n]\) and the sentinel \(A[0] = -\infty\)
\For{\(j \gets 2\) \textbf{to} \(n\)}
  \State \(\mathit{key} \gets A[j]\)
  \State \(i \gets j - 1\)
  \While{\(A[i] > \mathit{key}\)}
    \State \(A[i + 1] \gets A[i]\)
    \State \(i \gets i - 1\)
  \EndWhile
  \State \(A[i + 1] \gets \mathit{key}\)
\EndFor
\State \Return \(A\)
\end{algorithmic}
"""


KEYS = """import numpy as np
from algoverify import register_generator


@register_generator()
def sentinel_keys(rng, n):
    return np.concatenate([[-np.inf], rng.standard_normal(int(n))])
"""


@pytest.mark.parametrize("dots", [r"\twodots", ".."])
def test_an_array_from_0_with_its_keys_from_1_is_the_whole_array(tmp_path, dots):
    # round 135: `A[0 \twodots n] with keys A[1], \dots, A[n]` was the family A_1, …, A_n, n its length: the
    # sentinel sat in A[1], the last key was never inserted, and a true "sorts" claim was refuted
    (listing,) = algoverify.load(written_note(tmp_path, SENTINEL.replace("<dots>", dots))).listings
    out = listing(A=np.array([-np.inf, 3.0, 1.0, 2.0]))
    assert list(out) == [-np.inf, 1.0, 2.0, 3.0]
    with pytest.raises(ExecutionError, match=r"A\[0\] = -\\infty does not hold"):
        listing(A=np.array([0.0, 3.0, 1.0]))


def test_an_invariant_at_a_for_header_sees_the_counter_of_the_pass_it_starts(tmp_path):
    # round 135: at `at: "\For"` the counter was the previous pass's (j unset at the first), so CLRS's
    # "A[1..j-1] is sorted at the start of each pass" could not be checked, and a weaker one passed for it
    (tmp_path / "keys.py").write_text(KEYS)
    text = SENTINEL.replace("<dots>", "..")
    note = written_note(tmp_path, text.replace("<gap>", "2"))
    outcomes = api.check([note]).notes[0].outcomes
    assert [o.status for o in outcomes] == ["verified", "verified"], [o.message for o in outcomes]
    (wrong, _) = api.check([written_note(tmp_path, text.replace("<gap>", "1"), "wrong.md")]).notes[0].outcomes
    assert wrong.status == "refuted", wrong.message


KALMAN = r"""---
title: t
algoverify:
  checks:
    - id: symmetric
      kind: property
      listing: 1
      inputs:
        n: "integers(1, 3)"
        m: "integers(1, 2)"
        H: "randn(m, n)"
        R: "spd(m)"
        '\hat{x}_{k|k-1}': "randn(n)"
        'P_{k|k-1}': "spd(n)"
        z_k: "randn(m)"
      holds: 'P_{k|k} = P_{k|k}^{\top} \land \operatorname{tr} P_{k|k} \le \operatorname{tr} P_{k|k-1}'
---

The state is \(x_k \in \mathbb{R}^{n}\) and the measurement \(z_k \in \mathbb{R}^{m}\); \(H\) is the
\(m \times n\) observation matrix, and the noise covariance \(R\) (\(m \times m\)) is symmetric positive definite.

\begin{algorithmic}[1]
\Require \(\hat{x}_{k|k-1}\), \(P_{k|k-1}\), \(z_k\), \(H\), \(R\)
\State \(S_k \gets H P_{k|k-1} H^{\top} + R\)
\State \(K_k \gets P_{k|k-1} H^{\top} S_k^{-1}\)
\State \(\hat{x}_{k|k} \gets \hat{x}_{k|k-1} + K_k (z_k - H \hat{x}_{k|k-1})\)
\State \(P_{k|k} \gets (I - K_k H) P_{k|k-1}\)
\State \Return \(\hat{x}_{k|k}, P_{k|k}\)
\end{algorithmic}
"""


def test_a_filters_subscripts_k_given_k_minus_1_are_names_of_their_own(tmp_path):
    # round 134: \hat{x}_{k|k-1} and P_{k-1|k-1} were "k-1|k-1 has no value here", and "declare k" led nowhere
    note = written_note(tmp_path, KALMAN)
    (listing,) = algoverify.load(note).listings
    assert listing.inputs[:2] == ("x_hat_k_given_k_minus_1", "P_k_given_k_minus_1")
    (outcome,) = api.check([note]).notes[0].outcomes
    assert outcome.status == "verified", outcome.message


def test_a_shape_in_brackets_after_a_name_and_a_verb_said_once_for_two_names_are_read(tmp_path):
    # round 134: "\(H\) the \(m \times n\) observation matrix" (after "F is the …") and "R (\(m \times m\))
    # is symmetric positive definite" were dropped: a non-definite R ran without a finding
    (listing,) = algoverify.load(written_note(tmp_path, KALMAN)).listings
    from algoverify.running.input_help import describe_inputs

    said = describe_inputs(listing)
    lines = {line.split()[0]: line for line in said.splitlines() if line.startswith("  ")}
    assert "m × n matrix" in lines["H"] and "m × m matrix; symmetric positive definite" in lines["R"]
    inputs = {
        "x_hat_k_given_k_minus_1": np.zeros(1),
        "P_k_given_k_minus_1": np.eye(1),
        "z_k": np.ones(1),
        "H": np.ones((1, 1)),
        "R": np.array([[-0.5]]),
    }
    with pytest.raises(ExecutionError, match="R is positive definite does not hold"):
        listing(**inputs)


def test_a_barred_name_nothing_gives_says_how_a_conjugate_is_written(tmp_path):
    # round 136: `\overline{X_k}` in holds: was "\overline{X_k} is not defined (nor is \overline{X_k} to index)"
    text = BANDED.replace("<value>", r"\overline{h_{ji}}").replace("H = H^{\\top} \\land ", "")
    (outcome,) = api.check([written_note(tmp_path, text)]).notes[0].outcomes
    assert outcome.status == "could not check"
    assert "a bar makes a name of its own, which nothing gives; the complex conjugate is written h_{ji}^{*}" in (
        outcome.message + " ".join(f.message for f in outcome.findings)
    )


@pytest.mark.parametrize(
    "swaps",
    [
        r"\State \(U_{1,:} \leftrightarrow U_{2,:}, X_{1,:} \leftrightarrow X_{2,:}\)",
        r"\State \(U_{1,:} \leftrightarrow U_{2,:}\), \(X_{1,:} \leftrightarrow X_{2,:}\)",
    ],
)
def test_several_exchanges_in_one_statement_run_in_turn(tmp_path, swaps):
    # round 134: Gauss–Jordan's two row swaps on one \State were "AV304 no binding", which pointed at a binding
    text = (
        "---\ntitle: t\n---\n\n\\begin{algorithmic}[1]\n\\Require matrices \\(A\\), \\(B\\)\n"
        "\\State \\(U \\gets A\\), \\(X \\gets B\\)\n" + swaps + "\n\\State \\Return \\(U, X\\)\n\\end{algorithmic}\n"
    )
    note = written_note(tmp_path, text)
    assert [f.code for f in api.lint([note]).all_findings()] == []
    (listing,) = algoverify.load(note).listings
    U, X = listing(A=np.array([[1.0, 2.0], [3.0, 4.0]]), B=np.eye(2))
    assert np.array_equal(U, [[3.0, 4.0], [1.0, 2.0]]) and np.array_equal(X, [[0.0, 1.0], [1.0, 0.0]])


HULL = r"""---
title: t
algoverify:
  checks:
    - id: triangle
      kind: property
      listing: 1
      inputs: {n: "integers(3, 6)", p: "integers(-1, 1, n, 2)"}
      holds: 'A \ne 0'
---

The orientation of three points is the display

\[
  \operatorname{orient}(a, b, c) = (b - a) \times (c - a) = (b_1 - a_1)(c_2 - a_2) - (b_2 - a_2)(c_1 - a_1).
\]

\begin{algorithmic}[1]
\Require points \(p_1, \dots, p_n\) in the plane<general>
\State \(A \gets \operatorname{orient}(p_1, p_2, p_3) / 2\)
\State \Return \(A\)
\end{algorithmic}
"""


def test_no_three_collinear_is_a_precondition_and_a_chained_display_defines_a_function(tmp_path):
    # round 139: Jarvis's "no three collinear" was dropped, and "h ≥ 3" refuted on points all at 0; and
    # `orient(a, b, c) = (b - a) \times (c - a) = …` in a display, a chain, defined no function
    (outcome,) = (
        api.check([written_note(tmp_path, HULL.replace("<general>", ", no three collinear"))]).notes[0].outcomes
    )
    assert outcome.status == "verified", outcome.message
    assert "no three of p are collinear does not hold" in outcome.message
    (outcome,) = api.check([written_note(tmp_path, HULL.replace("<general>", ""), "z.md")]).notes[0].outcomes
    assert outcome.status == "refuted", outcome.message


GILLESPIE = r"""---
title: t
algoverify:
  checks:
    - id: positive-wait
      kind: property
      listing: 1
      inputs: {M: "integers(1, 4)", N: "integers(1, 3)", a: "integers(0, 2, M)", V: "integers(-1, 1, N, M)",
               x: "integers(0, 5, N)", r: "uniform(0.1, 0.9)"}
      holds: 'x = x^{(0)} + V_{:, \mu} \land \tau > 0'
---

Each channel \(j\) changes the state by \(\nu_j\); the vectors are the columns of the \(N \times M\)
matrix \(V = [\nu_1, \dots, \nu_M]\). <assumption>

\begin{algorithmic}[1]
\Require state \(x\), propensities \(a_1, \dots, a_M\), vectors \(\nu_1, \dots, \nu_M\), a number \(r\)
\State \(a_0 \gets \sum_{j=1}^{M} a_j\)
\State \(\tau \gets \ln(1 / r) / a_0\)
\State \(\mu \gets \min \{ m \in \{1, \dots, M\} : \sum_{j=1}^{m} a_j > r a_0 \}\)
\State \(x \gets x + \nu_\mu\)
\State \Return \(x, \tau, \mu\)
\end{algorithmic}
"""


@pytest.mark.parametrize(
    "assumption",
    ["We assume the propensities are not all zero.", r"We assume the \(a_j\) are not all zero."],
)
def test_a_total_written_a_0_the_columns_of_a_drawn_matrix_and_not_all_zero(tmp_path, assumption):
    # round 138: Gillespie's a_0 \gets \sum_j a_j was entry 0 of a (AV306, and its hint index_base: 0 was wrong);
    # ν_μ of "the columns of V = [ν_1, …, ν_M]" was a row of the drawn V; "we assume the a_j are not all zero"
    # (the docs' own form) was dropped, and a zero draw refuted three true claims
    note = written_note(tmp_path, GILLESPIE.replace("<assumption>", assumption))
    (outcome,) = api.check([note]).notes[0].outcomes
    assert outcome.status == "verified", outcome.message
    (listing,) = algoverify.load(note).listings
    x, tau, mu = listing(x=np.zeros(2), a=np.array([1.0, 3.0]), nu=[np.array([1.0, 0.0]), np.array([0.0, 1.0])], r=0.5)
    assert mu == 2 and np.array_equal(x, [0.0, 1.0]) and tau == pytest.approx(np.log(2) / 4)


def test_a_function_from_a_written_out_set_is_a_table(tmp_path):
    # round 138: Floyd's "f : \{1, \dots, n\} \to \{1, \dots, n\}, given by its table of values" rejected every
    # table as no function (AV309 on each of 1000 draws)
    text = (
        "---\ntitle: t\n---\n\nLet \\(f : \\{1, \\dots, n\\} \\to \\{1, \\dots, n\\}\\) be given by its table.\n\n"
        "\\begin{algorithmic}[1]\n\\Require \\(f\\), a start \\(x\\)\n\\State \\(y \\gets f(f(x))\\)\n"
        "\\State \\Return \\(y\\)\n\\end{algorithmic}\n"
    )
    (listing,) = algoverify.load(written_note(tmp_path, text)).listings
    assert listing(f=np.array([2, 3, 1]), x=1) == 3


ROUND = r"""---
title: t
algoverify:
  checks:
    - id: liar
      kind: property
      listing: 1
      inputs: {n: "integers(1000, 3000)", a: "integers(2, 40)"}
      given: 'n \bmod 3 \ne 0'
      holds: 'r \equiv a^{n-1} \pmod{n}'
    - id: passes
      kind: contract
      listing: 1
      inputs: {n: "integers(5, 40)", a: "integers(2, 3)"}
      expect: {iterations: {at_most: 'n'}}
---

<prose>

\begin{algorithmic}[1]
\Require odd integer \(n > 3\), base \(a\)
\State \(r \gets 1\)
\For{\(i = 1, \dots, n - 1\)}
  \State \(r \gets r a \bmod n\)
\EndFor
\For{\(j = 1, \dots, 2\)}
  \State \(r \gets r\)
\EndFor
\State \Return \(r\)
\end{algorithmic}
"""


def test_an_odd_integer_in_a_require_is_a_precondition(tmp_path):
    # round 137: "odd integer \(n > 3\)" kept n > 3 and dropped "odd": n = 10 ran with no AV309
    (listing,) = algoverify.load(written_note(tmp_path, ROUND.replace("<prose>", ""))).listings
    with pytest.raises(ExecutionError, match="n is odd does not hold"):
        listing(n=10, a=3)
    assert listing(n=11, a=3) == 1


def test_a_congruence_takes_its_powers_modulo_the_modulus(tmp_path):
    # round 137: `a^{n-1} \equiv 1 \pmod{n}` raised the full power (14,919 digits) and stopped with AV408
    (outcome, _) = api.check([written_note(tmp_path, ROUND.replace("<prose>", ""))]).notes[0].outcomes
    assert outcome.status == "verified", outcome.message
    wrong = ROUND.replace("<prose>", "").replace(r"r \equiv a^{n-1}", r"r \equiv a^{n}")
    (outcome, _) = api.check([written_note(tmp_path, wrong, "wrong.md")]).notes[0].outcomes
    assert outcome.status == "refuted", outcome.message


def test_iterations_past_a_bound_say_which_loops_made_them(tmp_path):
    # round 137: "the loops iterated 9 times, expected at most n = 8" summed an inner loop's passes unseen
    note = written_note(tmp_path, ROUND.replace("<prose>", ""))
    lines = note.read_text().splitlines()
    first, second = (1 + lines.index(x) for x in (r"\For{\(i = 1, \dots, n - 1\)}", r"\For{\(j = 1, \dots, 2\)}"))
    (_, outcome) = api.check([note]).notes[0].outcomes
    assert outcome.status == "refuted"
    shown = rf"\(\d+ passes of the loop at line {first}, 2 passes of the loop at line {second}: `runs:` of a loop's"
    assert re.search(shown, outcome.message), outcome.message


def test_a_theorems_hypothesis_quoted_in_the_prose_is_no_precondition(tmp_path):
    # round 137: "Havel and Hakimi showed that a sequence with \(d_1 \ge 1\) is graphic iff …" made d_1 ≥ 1
    # a precondition of the listing, and a graphic [0, 1, 1] was refused
    prose = r"Havel and Hakimi showed that a sequence of numbers with \(n \ge 5\) is nice if and only if it is."
    (listing,) = algoverify.load(written_note(tmp_path, ROUND.replace("<prose>", prose))).listings
    assert listing(n=3 + 2, a=2) == 1 and listing(n=3 + 0 * 2 + 2, a=3) == 1
    assert "n \\ge 5" not in str(listing.program.declarations.conditions)


def test_a_sort_in_words_is_answered_with_the_notes_own_name(tmp_path):
    # round 137: AV304 of "sort d so that d_1 ≥ … ≥ d_n" showed placeholder names (u, y)
    text = "---\ntitle: t\n---\n\n\\begin{algorithmic}[1]\n\\Require \\(d_1, \\dots, d_n\\)\n" + (
        "\\State sort \\(d\\) so that \\(d_1 \\ge d_2 \\ge \\dots \\ge d_n\\)\n\\State \\Return \\(d\\)\n\\end{algorithmic}\n"
    )
    (finding,) = [f for f in api.lint([written_note(tmp_path, text)]).all_findings() if f.code == "AV304"]
    assert r"\(d \gets -\operatorname{sort}(-d)\)" in finding.message


def test_an_assumption_on_each_entry_for_every_index_is_a_precondition(tmp_path):
    # round 131: "assume that \(b_i \ne 0\) for every \(i\)" was taken for a law of every i, tested by no run
    text = (
        "---\ntitle: t\n---\n\nLet \\(b_1, \\dots, b_n\\) be numbers, and assume that \\(b_i \\ne 0\\) for every \\(i\\).\n\n"
        "\\begin{algorithmic}[1]\n\\Require \\(b_1, \\dots, b_n\\)\n\\State \\(s \\gets \\sum_{i=1}^{n} 1 / b_i\\)\n"
        "\\State \\Return \\(s\\)\n\\end{algorithmic}\n"
    )
    (listing,) = algoverify.load(written_note(tmp_path, text)).listings
    with pytest.raises(ExecutionError, match=r"b_i \\ne 0 does not hold"):
        listing(b=np.array([1.0, 0.0]))
    assert listing(b=np.array([1.0, 2.0])) == pytest.approx(1.5)


POOLED = r"""---
title: t
---

\begin{algorithmic}[1]
\Function{Pooled}{\(x_1, \dots, x_m, y_1, \dots, y_k\)}
  \State \((n_A, s_A) \gets \Call{Total}{x}\)
  \State \((n_B, s_B) \gets \Call{Total}{y}\)
  \State \Return \((s_A + s_B) / (n_A + n_B)\)
\EndFunction
\Function{Total}{\(x_1, \dots, x_m\)}
  \State \(s \gets 0\)
  \For{\(i = 1, \dots, m\)}
    \State \(s \gets s + x_i\)
  \EndFor
  \State \Return \(m, s\)
\EndFunction
\end{algorithmic}
"""


def test_a_called_functions_own_size_is_its_arguments_and_a_tuple_of_labels_is_names(tmp_path):
    # round 143: Welford(x_1, …, x_m) called on y took its caller's m (len x), and (n_A, \bar{x}_A, M_A) \gets …
    # was "A is not defined" at lint: two true claims were refuted
    note = written_note(tmp_path, POOLED)
    assert [f.code for f in api.lint([note]).all_findings()] == []
    (listing,) = algoverify.load(note).listings
    assert listing(x=np.array([1.0, 2.0, 3.0]), y=np.array([7.0])) == pytest.approx(13.0 / 4)


def test_a_range_written_by_three_terms_steps_as_the_first_two_say(tmp_path):
    # round 140: the sieve's \For{\(j = i^2, i^2 + i, i^2 + 2i, \dots, n\)} was "neither a range nor a set"
    text = (
        "---\ntitle: t\n---\n\n\\begin{algorithmic}[1]\n\\Require \\(i\\), \\(n\\)\n\\State \\(c \\gets 0\\)\n"
        "\\For{\\(j = i^2, i^2 + i, i^2 + 2i, \\dots, n\\)}\n  \\State \\(c \\gets c + j\\)\n\\EndFor\n"
        "\\State \\Return \\(c\\)\n\\end{algorithmic}\n"
    )
    note = written_note(tmp_path, text)
    assert [f.code for f in api.lint([note]).all_findings()] == []
    (listing,) = algoverify.load(note).listings
    assert listing(i=3, n=20) == 9 + 12 + 15 + 18


GRID = r"""---
title: t
algoverify:
  checks:
    - id: harmonic
      kind: property
      listing: 1
      inputs: {n: "integers(1, 6)", u: "randn(n)"}
      holds: '\lVert v \rVert_\infty \le \lVert u \rVert_\infty'
---

On the grid \(x_j = j h\), \(j = 0, \dots, n + 1\), the boundary values are \(u_0 = u_{n+1} = 0\).

\begin{algorithmic}[1]
\Require interior values \(u_1, \dots, u_n\)
\For{\(j = 1, \dots, n\)}
  \State \(v_j \gets (u_{j-1} + u_{j+1}) / 2\)
\EndFor
\State \Return \(v\)
\end{algorithmic}
"""


def test_boundary_values_the_prose_gives_are_read_past_either_end(tmp_path):
    # round 141: Jacobi's "the boundary values are u_0 = u_{n+1} = 0" was ignored: u_{j-1} at j = 1 was out of
    # range, three true claims were refuted, and the hint `index_base: 0` refuted them again
    note = written_note(tmp_path, GRID)
    (listing,) = algoverify.load(note).listings
    assert list(listing(u=np.array([2.0, 4.0, 6.0]))) == [2.0, 4.0, 2.0]
    (outcome,) = api.check([note]).notes[0].outcomes
    assert outcome.status == "verified", outcome.message


def test_a_read_one_before_the_first_entry_is_not_blamed_on_the_index_base(tmp_path):
    # rounds 139, 141, 142: "a 0-based listing says index_base: 0" at σ_{i-1,j}, a_{k-1,k-1}, u_{j-1}; following
    # it refuted true claims
    (listing,) = algoverify.load(written_note(tmp_path, GRID.replace(r"\(u_0 = u_{n+1} = 0\)", "fixed"))).listings
    with pytest.raises(ExecutionError) as info:
        listing(u=np.array([2.0, 4.0]))
    message = info.value.finding.message
    assert "a read one before the first entry: a boundary value the prose gives" in message
    assert "index_base" not in message


@pytest.mark.parametrize(
    "statement",
    [
        r"Solve \(J^{\top} J \, p = -J^{\top} r\) for \(p\)",
        r"solve the system \(J^{\top} J p = -J^{\top} r\) for \(p\)",
    ],
)
def test_a_linear_system_solved_in_words_runs(tmp_path, statement):
    # rounds 139 and 141: Trefethen and Bau's "Solve (A - σ I) w = x for w" and a Gauss–Newton step's normal
    # equations were AV304, and the unknown p, which the prose names, was taken for an input
    text = (
        "---\ntitle: t\n---\n\nThe step \\(p\\) solves the normal equations.\n\n\\begin{algorithmic}[1]\n"
        "\\Require a Jacobian \\(J\\), a residual \\(r\\)\n\\State " + statement + "\n\\State \\Return \\(p\\)\n"
        "\\end{algorithmic}\n"
    )
    note = written_note(tmp_path, text)
    assert [f.code for f in api.lint([note]).all_findings() if f.code != "AV604"] == []
    (listing,) = algoverify.load(note).listings
    assert listing.inputs == ("J", "r")
    J, r = np.array([[1.0, 0.0], [1.0, 1.0], [0.0, 2.0]]), np.array([1.0, 2.0, 3.0])
    assert np.allclose(listing(J=J, r=r), -np.linalg.lstsq(J, r, rcond=None)[0])
    with pytest.raises(ExecutionError, match="Singular matrix"):
        listing(J=np.zeros((3, 2)), r=r)


PERIODIC = r"""---
title: t
algoverify:
  checks:
    - id: mass
      kind: property
      listing: 1
      inputs: {J: "integers(2, 6)", u: "randn(J)", nu: "uniform(-1, 1)"}
      holds: '\sum_{j=1}^{J} v_j = \sum_{j=1}^{J} u_j'
---

The grid is periodic<wrap>.

\begin{algorithmic}[1]
\Require values \(u_1, \dots, u_J\), a number \(\nu\)
\For{\(j = 1, \dots, J\)}
  \State \(v_j \gets u_j - \frac{\nu}{2} (u_{j+1} - u_{j-1})\)
\EndFor
\State \Return \(v\)
\end{algorithmic}
"""


def test_a_periodic_wrap_the_prose_gives_is_read_at_both_ends(tmp_path):
    # round 145: Lax–Wendroff's "indices are taken periodically, u_0 = u_J and u_{J+1} = u_1" was not read:
    # u_{j-1} at j = 1 was out of range, and four true claims were refuted
    note = written_note(tmp_path, PERIODIC.replace("<wrap>", r": \(u_0 = u_J\) and \(u_{J+1} = u_1\)"))
    (listing,) = algoverify.load(note).listings
    u = np.array([1.0, 2.0, 4.0])
    assert np.allclose(listing(u=u, nu=1.0), u - 0.5 * (np.roll(u, -1) - np.roll(u, 1)))
    (outcome,) = api.check([note]).notes[0].outcomes
    assert outcome.status == "verified", outcome.message


def test_a_boundary_no_run_reads_is_could_not_check_never_refuted(tmp_path):
    # round 145: the run said the prose's boundary was not read, and the verdict was still "refuted"
    (outcome,) = api.check([written_note(tmp_path, PERIODIC.replace("<wrap>", ""))]).notes[0].outcomes
    assert outcome.status == "could not check", outcome.message
    assert "a read one before the first entry" in outcome.message


def test_a_let_key_with_a_greek_superscript_names_what_the_relation_reads(tmp_path):
    # round 146: `let: {v^\pi: …}` was refused ("must be NAME"), though the docs take x^\star; with the let
    # named otherwise, `v^{\pi}` in holds: was v to the power π and refuted a true claim
    text = DENSITY.replace(
        "let: {'\\pi(z)': '\\exp(-z^2)', 'c': '(2 \\pi \\sigma^2)^{-1/2}'}", "let: {'v^\\pi': '2 \\sigma'}"
    )
    text = text.replace("holds: 'c = <value>'", "holds: 'v^{\\pi} = <value>'")
    (outcome,) = api.check([written_note(tmp_path, text.replace("<value>", r"\sigma + \sigma"))]).notes[0].outcomes
    assert outcome.status == "verified", outcome.message
    (outcome,) = api.check([written_note(tmp_path, text.replace("<value>", r"\sigma^{\pi}"), "w.md")]).notes[0].outcomes
    assert outcome.status == "refuted", outcome.message


def test_a_let_clause_after_a_when_in_brackets_is_an_assumption_of_its_own(tmp_path):
    # round 144: "(\(c_{uv} = 0\) when (u, v) ∉ E), and let \(s \ne t\) be the source and the sink" dropped s ≠ t
    # (the "when" before it made it a case), and draws with s = t refuted two true claims
    text = (
        "---\ntitle: t\n---\n\nLet \\(C\\) be a matrix (\\(c_{uv} = 0\\) when there is no edge), and let "
        "\\(s \\ne t\\) be the source and the sink.\n\n\\begin{algorithmic}[1]\n\\Require \\(C\\), \\(s\\), \\(t\\)\n"
        "\\State \\(d \\gets c_{st}\\)\n\\State \\Return \\(d\\)\n\\end{algorithmic}\n"
    )
    (listing,) = algoverify.load(written_note(tmp_path, text)).listings
    with pytest.raises(ExecutionError, match=r"s \\ne t does not hold"):
        listing(C=np.eye(2), s=1, t=1)
    assert listing(C=np.eye(2), s=1, t=2) == 0.0


def test_a_bound_on_the_entries_a_matrix_is_written_with_is_a_precondition(tmp_path):
    # round 144: "capacity matrix \(C\) with entries \(c_{uv} \ge 0\)" named the entries and dropped the bound
    text = (
        "---\ntitle: t\n---\n\nLet \\(C\\) be an \\(n \\times n\\) capacity matrix with entries \\(c_{uv} \\ge 0\\).\n\n"
        "\\begin{algorithmic}[1]\n\\Require \\(C\\)\n\\State \\(d \\gets c_{11}\\)\n\\State \\Return \\(d\\)\n"
        "\\end{algorithmic}\n"
    )
    (listing,) = algoverify.load(written_note(tmp_path, text)).listings
    with pytest.raises(ExecutionError, match=r"c_\{uv\} \\ge 0 does not hold"):
        listing(C=np.array([[1.0, -3.0], [0.0, 0.0]]))
    assert listing(C=np.array([[2.0, 3.0], [0.0, 0.0]])) == 2.0


def test_bounds_around_a_list_of_names_hold_for_each(tmp_path):
    # round 147: union–find's "\(1 \le a_k, b_k \le n\)" kept 1 ≤ a_k and b_k ≤ n, and dropped the other two
    text = (
        "---\ntitle: t\n---\n\n\\begin{algorithmic}[1]\n\\Require \\(n\\), numbers \\(a, b\\) with "
        "\\(1 \\le a, b \\le n\\)\n\\State \\(s \\gets a + b\\)\n\\State \\Return \\(s\\)\n\\end{algorithmic}\n"
    )
    (listing,) = algoverify.load(written_note(tmp_path, text)).listings
    for a, b in ((5, 1), (0, 1), (1, 0)):
        with pytest.raises(ExecutionError, match="does not hold"):
            listing(n=3, a=a, b=b)
    assert listing(n=3, a=2, b=3) == 5


KARATSUBA = r"""---
title: t
---

\begin{algorithmic}[1]
\Require integers \(x, y \ge 0\), a base \(B \ge 2\)
\Function{Product}{\(x, y\)}
  \If{\(x < B\)}
    \State \Return \(x y\)
  \EndIf
  \State \(h \gets \lfloor x / B \rfloor\), \(l \gets x - B h\)
  \State \Return \(B \Call{Product}{h, y} + \Call{Product}{l, y}\)
\EndFunction
\end{algorithmic}
"""


def test_a_recursive_call_passes_on_what_the_callers_require_gives(tmp_path):
    # round 147: Karatsuba's recursive \Call{Karatsuba}{x_1, y_1} lost the base B its \Require takes:
    # "missing input(s) B" though B was given
    (listing,) = algoverify.load(written_note(tmp_path, KARATSUBA)).listings
    assert listing(x=1234, y=5678, B=10) == 1234 * 5678


def test_a_size_given_beside_its_family_must_agree_with_it(tmp_path):
    # rounds 147 and 148: --set n=3 with five entries ran on three of them (the docs promise AV307)
    text = (
        "---\ntitle: t\n---\n\n\\begin{algorithmic}[1]\n\\Require \\(a_1, \\dots, a_n\\)\n"
        "\\State \\(s \\gets \\sum_{i=1}^{n} a_i\\)\n\\State \\Return \\(s\\)\n\\end{algorithmic}\n"
    )
    (listing,) = algoverify.load(written_note(tmp_path, text)).listings
    with pytest.raises(ExecutionError, match="n = 3 was given, but a has 5 members"):
        listing(n=3, a=np.ones(5))
    assert listing(n=5, a=np.ones(5)) == 5.0
