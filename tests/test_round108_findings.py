r"""Rounds 108 to 126 (new users' notes, written from the docs alone): what they found, held.

The fixtures are ours, written for these tests, each after the shape of a listing a round wrote: a
search that returns a flag beside its result, a secant iteration that gives up in words, a heap
insert, a QR step, pivoting, Arnoldi's relation, a biadjacency matrix, and others.
"""

from __future__ import annotations

import numpy as np
import pytest
from helpers import written_note

import algoverify
from algoverify import api
from algoverify.running.listing import ExecutionError

FLAGGED = r"""---
title: t
algoverify:
  module: flagged_checks.py
  checks:
    - id: doubled
      kind: reference
      listing: 1
      inputs: {x: "randn(3)"}
      reference: doubled
---

Let \(x\) be a vector of \(n\) reals.

\begin{algorithmic}[1]
\Function{Double}{\(x\)}
  \State \(y \gets 2 x\)
  \If{\(y_1 > 0\)}
    \State \Return \(y\)<first>
  \EndIf
  \State \Return \(y\)<second>
\EndFunction
\end{algorithmic}
"""
REFERENCE = "def doubled(x):\n    return 2 * x, bool(2 * x[0] > 0)\n"


@pytest.mark.parametrize(
    ("first", "second"),
    [
        (r", \textsc{true}", r", \textsc{false}"),
        (r" and \textsc{true}", r" and \textsc{false}"),
        (r", \textbf{true}", r", \textbf{false}"),
    ],
)
def test_a_value_returned_beside_a_constant_word_is_two_outputs(tmp_path, first, second):
    # round 110: Bellman–Ford's `\Return \(d\), \textsc{false}` dropped the flag: the listing returned d
    # alone, and a reference giving (d, True) refuted a true claim
    note = written_note(tmp_path, FLAGGED.replace("<first>", first).replace("<second>", second))
    (tmp_path / "flagged_checks.py").write_text(REFERENCE)
    (listing,) = algoverify.load(note).listings
    y, flag = listing(x=np.array([1.0, 2.0, 3.0]))
    assert np.array_equal(y, [2.0, 4.0, 6.0]) and flag is True
    assert listing(x=np.array([-1.0, 2.0, 3.0]))[1] is False
    (outcome,) = api.check([note]).notes[0].outcomes
    assert outcome.status == "verified"


def test_a_reference_that_gives_more_values_than_the_listing_returns_is_no_refutation(tmp_path):
    # the listing returns y alone; the reference's (y, flag) cannot be compared with it, so no trial tests
    # the claim: "could not check", saying why, never "refuted"
    note = written_note(tmp_path, FLAGGED.replace("<first>", "").replace("<second>", ""))
    (tmp_path / "flagged_checks.py").write_text(REFERENCE)
    (outcome,) = api.check([note]).notes[0].outcomes
    assert outcome.status == "could not check"
    assert "the reference gives 2 values, the listing returns one (y)" in outcome.findings[0].message


SECANT = r"""---
title: t
---

Let \(f(x) = x^{3} - 2 x - 5\), with starting points \(p_0, p_1\), a tolerance \(\mathrm{TOL}\) and at most
\(N_0\) iterations.

\begin{algorithmic}[1]
\Require \(p_0, p_1\), \(\mathrm{TOL}\), \(N_0\)
\State \(q_0 \gets f(p_0)\); \(q_1 \gets f(p_1)\)
\For{\(i = 2, \dots, N_0\)}
  \State \(p \gets p_1 - q_1 (p_1 - p_0) / (q_1 - q_0)\)
  \If{\(|p - p_1| < \mathrm{TOL}\)}
    \State \Return \(p\)
  \EndIf
  \State \(p_0 \gets p_1\); \(q_0 \gets q_1\); \(p_1 \gets p\); \(q_1 \gets f(p)\)
\EndFor
\State \Return failure after \(N_0\) iterations
\end{algorithmic}
"""


def test_a_return_of_failure_in_words_gives_up_and_returns_no_count(tmp_path):
    # round 108: `\Return failure after \(N_0\) iterations` returned N_0, a number that looks like a root
    note = written_note(tmp_path, SECANT)
    (listing,) = algoverify.load(note).listings
    assert listing.outputs == ("p",)
    assert abs(listing(p_0=2.0, p_1=3.0, TOL=1e-10, N_0=30) - 2.0945514815423265) < 1e-9
    with pytest.raises(ExecutionError, match="the listing reports failure: failure after N_0 iterations") as info:
        listing(p_0=2.0, p_1=3.0, TOL=1e-10, N_0=2)
    assert info.value.finding.code == "AV301"
    assert api.lint([note]).sources[note].line_col(info.value.finding.span.start) == (18, 1)


SCALING = r"""---
title: t
---

Let \(A\) be an \(n \times n\) matrix<words>, and \(K \ge 1\) a number of sweeps.

\begin{algorithmic}[1]
\Require \(A \in \mathbb{R}^{n \times n}\)<require>, \(K\)
\State \(P \gets A\)
\For{\(k = 1, \dots, K\)}
  \State \(P \gets 2 P\)
\EndFor
\State \Return \(P\)
\end{algorithmic}
"""


@pytest.mark.parametrize(
    ("words", "require", "said", "at"),
    [
        ("", r" with \(a_{ij} > 0\)", r"a_{ij} > 0", (8, 51)),
        ("", r" with \(0 < a_{ij} \le 1\)", r"0 < a_{ij} \le 1", (8, 51)),
        (" with positive entries", "", "the entries of A are positive", (5, 19)),
        (" with strictly positive entries", "", "the entries of A are positive", (5, 19)),
    ],
)
def test_a_bound_on_every_entry_is_a_precondition(tmp_path, words, require, said, at):
    # round 109: Sinkhorn's `\Require \(A\) … with \(a_{ij} > 0\)` (and "a matrix with positive entries") was
    # dropped without a word: a run on a matrix with a negative entry went on
    note = written_note(tmp_path, SCALING.replace("<words>", words).replace("<require>", require))
    (listing,) = algoverify.load(note).listings
    assert np.array_equal(listing(A=np.array([[1.0, 0.5], [0.25, 1.0]]), K=1), [[2.0, 1.0], [0.5, 2.0]])
    with pytest.raises(ExecutionError, match="precondition violated") as info:
        listing(A=np.array([[1.0, -0.5], [0.25, 1.0]]), K=1)
    assert said in info.value.finding.message
    assert api.lint([note]).sources[note].line_col(info.value.finding.span.start) == at


@pytest.mark.parametrize("require", [r" with \(a_{ij} \le a_{i+1, j}\)", r" with \(a_{ij} \ne a_{ji}\)"])
def test_a_relation_between_entries_stays_for_the_reader(tmp_path, require):
    # entries at other places (a_{i+1,j}, a_{ji}): no whole-array reading says them
    note = written_note(tmp_path, SCALING.replace("<words>", "").replace("<require>", require))
    (listing,) = algoverify.load(note).listings
    assert listing(A=np.array([[1.0, -0.5], [0.25, -1.0]]), K=1).shape == (2, 2)


QUADRATURE = r"""---
title: t
algoverify:
  checks:
    - id: trapezoid
      kind: property
      listing: 1
      inputs: {a: "uniform(-2, 0)", b: "uniform(0.5, 3)"}
      draw: {c: "uniform(-2, 2)"}
      let: {f(t): '\exp(c t)'}
      holds: 'T = \frac{b - a}{2} (f(a) + f(b))'
---

Let \(f\) be a smooth function on \([a, b]\).

\begin{algorithmic}[1]
\Require \(f\), \(a < b\)
\State \(T \gets (b - a) (f(a) + f(b)) / 2\)
\State \Return \(T\)
\end{algorithmic}
"""


def test_a_function_the_let_defines_is_the_listings_input_of_that_name(tmp_path):
    # round 111: `let: {f(t): …}` for a listing that takes f: lint was silent, and check could not run any
    # trial ("missing input(s) f"), though the docs say a let: value named like an input is that input
    note = written_note(tmp_path, QUADRATURE)
    assert not [f for f in api.lint([note]).all_findings() if f.severity.name == "ERROR"]
    (outcome,) = api.check([note]).notes[0].outcomes
    assert outcome.status == "verified", outcome.message
    wrong = written_note(tmp_path, QUADRATURE.replace("(f(a) + f(b))'", "(f(a) + 2 f(b))'"), name="wrong.md")
    (outcome,) = api.check([wrong]).notes[0].outcomes
    assert outcome.status == "refuted"


@pytest.mark.parametrize(("text", "expected"), [("2 m + 1", 7), ("m n", 15), ("n -1", 4), ("n-1", 4), ("2*m", 6)])
def test_a_generators_size_may_be_written_as_a_formula_is(text, expected):
    # round 111: `randn(2 m + 1)` was refused at column 9, and the message's fix (a let:) could not draw either
    from algoverify.running.values import parse_value

    assert parse_value(text, np.random.default_rng(0), {"m": 3, "n": 5}) == expected
    assert parse_value(f"randn({text})", np.random.default_rng(0), {"m": 3, "n": 5}).shape == (expected,)


UPDATE = r"""---
title: t
algoverify:
  checks:
    - id: inverse
      kind: property
      listing: 1
      inputs: {n: "integers(1, 4)", A: "randn(n, n)", u: "randn(n)", v: "randn(n)"}
      let: {A_inv: 'A^{-1}'}
      holds: '(A + u v^{\top}) C = I'
      atol: 1e-6
---

Let \(A\) be an invertible \(n \times n\) matrix.

\begin{algorithmic}[1]
\Require the inverse \(A^{-1}\) of an invertible \(n \times n\) matrix \(A\); vectors \(u, v \in \mathbb{R}^{n}\) with \(1 + v^{\top} A^{-1} u \ne 0\)
\State \(w \gets A^{-1} u\)
\State \(z \gets (A^{-1})^{\top} v\)
\State \(\beta \gets 1 + v^{\top} w\)
\State \(C \gets A^{-1} - \frac{1}{\beta} w z^{\top}\)
\State \Return \(C\)
\end{algorithmic}
"""


def test_an_inverse_given_as_an_input_is_that_input_in_a_precondition_too(tmp_path):
    # round 112: the body read A^{-1} as the input A_inv, the \Require's condition as the inverse of A: a given
    # A_inv that makes β = 0 passed the precondition and failed as a division by zero
    note = written_note(tmp_path, UPDATE)
    (listing,) = algoverify.load(note).listings
    two, one = 2 * np.eye(2), np.eye(2)
    with pytest.raises(ExecutionError, match="precondition violated") as info:
        listing(A=two, A_inv=one, u=np.array([1.0, 0.0]), v=np.array([-1.0, 0.0]))
    assert "A_inv = [[1.0, 0.0], [0.0, 1.0]]" in info.value.finding.message
    u, v = np.array([1.0, 0.0]), np.array([-1.0, 0.0])
    assert np.allclose(listing(A=two, A_inv=one / 2, u=u, v=v), np.linalg.inv(two + np.outer(u, v)))


def test_a_draw_the_notes_assumptions_exclude_is_skipped_where_a_let_cannot_compute(tmp_path):
    # round 112: the edge draw A = 0 made let: A^{-1} fail, and the whole check could not check; the note
    # assumes A invertible, so the draw is drawn again, as a run that broke the precondition is
    note = written_note(tmp_path, UPDATE)
    (outcome,) = api.check([note]).notes[0].outcomes
    assert outcome.status == "verified", outcome.message
    assert "skipped: precondition violated: A is invertible does not hold (line 14)" in outcome.message


ROTATION = r"""---
title: t
---

Let \(A\) be a symmetric \(n \times n\) matrix.

\begin{algorithmic}[1]
\Require symmetric \(A \in \mathbb{R}^{n \times n}\), indices \(1 \le p < q \le n\) with \(a_{pq} \ne 0\)
\State \(\tau \gets (a_{qq} - a_{pp}) / (2 a_{pq})\)
\State \Return \(\tau\)
\end{algorithmic}
"""


def test_an_entry_at_indices_the_listing_takes_is_a_precondition_on_that_entry(tmp_path):
    # round 113: Jacobi's `a_{pq} \ne 0` was read as "A is not the zero matrix": a draw with a_{12} = 0 ran,
    # divided by zero, and refuted true claims
    note = written_note(tmp_path, ROTATION)
    (listing,) = algoverify.load(note).listings
    assert listing(A=np.array([[1.0, 3.0], [3.0, 2.0]]), p=1, q=2) == pytest.approx(1 / 6)
    with pytest.raises(ExecutionError, match="precondition violated") as info:
        listing(A=np.array([[1.0, 0.0], [0.0, 2.0]]), p=1, q=2)
    assert r"a_{pq} \ne 0 does not hold (A = [[1.0, 0.0], [0.0, 2.0]], p = 1, q = 2)" in info.value.finding.message
    assert api.lint([note]).sources[note].line_col(info.value.finding.span.start) == (8, 92)


COUNTING = r"""---
title: t
---

Counting sort of \(n\) small integers.

\begin{algorithmic}[1]
\Require array \(A[1..n]\) of integers with \(0 \le A[j] \le k\)
\State \(s \gets 0\)
\For{\(j = 1, \dots, n\)}
  \State \(s \gets s + A[j]\)
\EndFor
\State \Return \(s\)
\end{algorithmic}
"""


def test_a_bound_on_an_entry_in_brackets_is_a_precondition_on_every_entry(tmp_path):
    # round 113: CLRS's `0 \le A[j] \le k` was listed as a precondition and never tested
    note = written_note(tmp_path, COUNTING)
    (listing,) = algoverify.load(note).listings
    assert listing(A=np.array([3.0, 1.0, 2.0]), k=3) == 6
    with pytest.raises(ExecutionError, match=r"0 \\le A\[j\] \\le k does not hold"):
        listing(A=np.array([3.0, 1.0, 5.0]), k=3)


BOX_MULLER = r"""---
title: t
algoverify:
  checks:
    - id: radius
      kind: property
      listing: 1
      inputs: {U_1: "uniform(0, 1)", U_2: "uniform(0, 1)"}
      holds: 'Z_1^2 + Z_2^2 = -2 \ln U_1'
---

Two uniform numbers give two normal ones.

\begin{algorithmic}[1]
\Require \(U_1, U_2\) <words> \((0, 1)\)
\State \(R \gets \sqrt{-2 \ln U_1}\)
\State \(Z_1 \gets R \cos(2 \pi U_2)\); \(Z_2 \gets R \sin(2 \pi U_2)\)
\State \Return \(Z_1, Z_2\)
\end{algorithmic}
"""


@pytest.mark.parametrize("words", ["independent and uniform on", "uniformly distributed in", "in the open interval"])
def test_names_drawn_from_an_interval_in_words_are_in_it_on_entry(tmp_path, words):
    # round 114: "\(U_1, U_2\) independent and uniform on \((0, 1)\)" lost its interval: U_1 = 0, which it
    # excludes, was drawn, and the logarithm of zero refuted two true claims
    note = written_note(tmp_path, BOX_MULLER.replace("<words>", words))
    (listing,) = algoverify.load(note).listings
    with pytest.raises(ExecutionError, match=r"U_1 \\in \(0, 1\) does not hold"):
        listing(U_1=0.0, U_2=0.5)
    (outcome,) = api.check([note]).notes[0].outcomes
    assert outcome.status == "verified", outcome.message


RAYLEIGH = r"""---
title: t
algoverify:
  checks:
    - id: monotone
      kind: property
      listing: 1
      inputs: {n: "integers(1, 5)", A: "spd(n)", x_0: "randn(n)", epsilon: <epsilon>, k_max: 40}
      holds: '\forall j \in \{2, \dots, k\}: \mu_j \ge \mu_{j-1}'
---

Let \(A\) be a symmetric positive definite matrix.

\begin{algorithmic}[1]
\Require symmetric \(A \in \mathbb{R}^{n \times n}\), \(x_0 \ne 0\), tolerance \(\varepsilon > 0\), steps \(k_{\max}\)
\State \(x \gets x_0 / \lVert x_0 \rVert\)
\For{\(k = 1, 2, \dots, k_{\max}\)}
    \State \(y \gets A x\)
    \State \(\mu_k \gets x^{\top} y\)
    \State \(x \gets y / \lVert y \rVert\)
    \If{\(k > 1\) \textbf{and} \(\lvert \mu_k - \mu_{k-1} \rvert < \varepsilon\)}
        \State \textbf{break}
    \EndIf
\EndFor
\State \Return \(\mu_k, x\)
\end{algorithmic}
"""


@pytest.mark.parametrize("epsilon", ["1e-8", "1e-300"])
def test_a_counter_the_loop_stopped_at_is_read_after_it(tmp_path, epsilon):
    # round 114: k of \For{k = 1, 2, \dots, k_max}, read by the listing after the loop (\Return \mu_k), was
    # "not defined" to a check; whether a break left the loop or it ran to k_max (epsilon 1e-300), k is where it stopped
    note = written_note(tmp_path, RAYLEIGH.replace("<epsilon>", epsilon))
    (outcome,) = api.check([note]).notes[0].outcomes
    assert outcome.status == "verified", outcome.message
    (listing,) = algoverify.load(note).listings
    listing(A=np.diag([1.0, 2.0]), x_0=np.ones(2), epsilon=1e-300, k_max=7)
    assert listing.last_trace.history["k"][-1][1] == 7


SPREAD = r"""---
title: t
algoverify:
  checks:
    - id: copies
      kind: reference
      listing: 1
      inputs: {n: "integers(2, 5)", A: "randn(n)"}
      reference: numpy.copy
---

Copy an array \(A[1..n]\).

\begin{algorithmic}[1]
\Require array \(A[1..n]\)
\State let \(B[1..n]\) be a new array
\For{\(j \gets 1\) \textbf{to} \(n\)}
  \State \(B[<at>] \gets A[j]\)
\EndFor
\State \Return \(B\)
\end{algorithmic}
"""


def test_an_output_stored_with_gaps_is_refuted_not_a_crash(tmp_path):
    # round 113: a mutant that stored past B[1..n] with gaps made the comparison recurse without end, and the
    # check said "could not check: RecursionError"; the listing ran and its B is no array: refuted
    (outcome,) = api.check([written_note(tmp_path, SPREAD.replace("<at>", "2 j"))]).notes[0].outcomes
    assert outcome.status == "refuted"
    assert "B has entries at {2, 4" in outcome.message and "not an array as the reference's" in outcome.message
    (outcome,) = api.check([written_note(tmp_path, SPREAD.replace("<at>", "j"), name="right.md")]).notes[0].outcomes
    assert outcome.status == "verified", outcome.message


TRIANGULAR = r"""---
title: t
---

Let \(L\) be an \(n \times n\) lower-triangular matrix<words>, and \(b \in \mathbb{R}^n\).

\begin{algorithmic}[1]
\Require lower-triangular \(L \in \mathbb{R}^{n \times n}\)<require>, \(b \in \mathbb{R}^{n}\)
\For{\(i = 1, \dots, n\)}
  \State \(x_i \gets (b_i - \sum_{j=1}^{i-1} l_{ij} x_j) / l_{ii}\)
\EndFor
\State \Return \(x\)
\end{algorithmic}
"""


@pytest.mark.parametrize(
    ("words", "require", "said"),
    [
        ("", r" with \(l_{ii} \ne 0\)", r"l_{ii} \ne 0 does not hold"),
        (" with non-zero diagonal entries", "", "the diagonal entries of L are not zero does not hold"),
    ],
)
def test_a_non_zero_diagonal_is_a_precondition_on_each_pivot(tmp_path, words, require, said):
    # round 116: forward substitution's `l_{ii} \ne 0` was dropped, and "non-zero diagonal" read as "L is not
    # zero": a zero pivot divided by zero and refuted true claims
    note = written_note(tmp_path, TRIANGULAR.replace("<words>", words).replace("<require>", require))
    (listing,) = algoverify.load(note).listings
    assert np.allclose(listing(L=np.array([[2.0, 0.0], [1.0, 1.0]]), b=np.array([2.0, 2.0])), [1.0, 1.0])
    with pytest.raises(ExecutionError, match="precondition violated") as info:
        listing(L=np.array([[0.0, 0.0], [1.0, 1.0]]), b=np.array([1.0, 1.0]))
    assert said in info.value.finding.message


SIMPSON = r"""---
title: t
---

Let \(f\) be a smooth function on \([a, b]\), and let \(n\) be <words>.

\begin{algorithmic}[1]
\Require \(f\), \(a < b\), \(n \ge 2\)
\State \(h \gets (b - a) / n\)
\State \(S \gets f(a) + f(b)\)
\For{\(i = 1, \dots, n - 1\)}
  \If{\(i \bmod 2 = 1\)}
    \State \(S \gets S + 4 f(a + i h)\)
  \Else
    \State \(S \gets S + 2 f(a + i h)\)
  \EndIf
\EndFor
\State \Return \(h S / 3\)
\end{algorithmic}
"""


@pytest.mark.parametrize(("words", "wrong"), [("an even number", 3), ("an even integer", 5), ("an odd number", 4)])
def test_an_even_or_odd_number_is_a_precondition(tmp_path, words, wrong):
    # round 115: Simpson's "an even number n" was read as n alone: n = 3 ran and gave a wrong integral
    (listing,) = algoverify.load(written_note(tmp_path, SIMPSON.replace("<words>", words))).listings
    value = listing(f=lambda t: t**3, a=0.0, b=1.0, n=wrong + 1)  # Simpson's rule is exact on cubics
    assert value == pytest.approx(0.25) if "even" in words else np.isfinite(value)
    with pytest.raises(ExecutionError, match=f"n is {words.split()[1]} does not hold"):
        listing(f=lambda t: t**3, a=0.0, b=1.0, n=wrong)


def test_a_violated_chain_shows_every_value_it_reads(tmp_path):
    # round 116: `a \ge b \ge 0` broken by b showed only a = 3
    note = written_note(
        tmp_path,
        "---\ntitle: t\n---\n\n\\begin{algorithmic}[1]\n\\Require integers "
        "\\(a \\ge b \\ge 0\\)\n\\State \\(g \\gets a - b\\)\n\\State \\Return \\(g\\)\n"
        "\\end{algorithmic}\n",
    )
    (listing,) = algoverify.load(note).listings
    with pytest.raises(ExecutionError, match=r"does not hold \(a = 3, b = 5\)"):
        listing(a=3, b=5)


LANCZOS = r"""---
title: t
---

Let \(A\) be symmetric and \(b \ne 0\).

\begin{algorithmic}[1]
\Require symmetric \(A \in \mathbb{R}^{n \times n}\), \(b \in \mathbb{R}^n\), \(k \le n\)
\State \(q_0 \gets 0\), \(\beta_0 \gets 0\)
\State \(q_1 \gets b / \lVert b \rVert\)
\For{\(j = 1, \dots, k\)}
    \State \(w \gets A q_j - \beta_{j-1} q_{j-1}\)
    \State \(\alpha_j \gets q_j^{\top} w\)
    \State \(w \gets w - \alpha_j q_j\)
    \State \(\beta_j \gets \lVert w \rVert\)
    \State \(q_{j+1} \gets w / \beta_j\)
\EndFor
\State \Return \(\alpha, \beta\)
\end{algorithmic}
"""


def test_a_zero_start_beside_exact_numbers_stays_exact_and_is_shown_at_its_index(tmp_path, capsys):
    # round 115: β_0 ← 0 beside exact β_1, β_2 became a 0-d float array in the exact run (AV310 "not exact"),
    # and the --exact table named β_0 "beta_1"
    from algoverify.cli import main

    note = written_note(tmp_path, LANCZOS)
    args = ["run", str(note), "--set", "A=[[2,1,0],[1,2,1],[0,1,2]]", "--set", "b=[1,0,0]", "--set", "k=2", "--exact"]
    assert main(args) == 0
    rows = [line.split() for line in capsys.readouterr().out.splitlines()]
    assert ["beta_0", "0.0", "0", "0"] in rows and ["beta_2", "1.0", "1", "0"] in rows


TABLE = r"""---
title: t
---

Let \(f\) be a function from the finite set \(S = \{<first>, \dots, m<last>\}\) to itself, stored as the table of
its values.

\begin{algorithmic}[1]
\Require a function \(f : S \to S\) and a starting value \(x_0 \in S\)
\State \(y \gets f(f(x_0))\)
\State \Return \(y\)
\end{algorithmic}
"""


@pytest.mark.parametrize(
    ("first", "last", "x_0", "y"),
    [("0, 1", " - 1", 0, 2), ("1, 2", "", 1, 3)],  # f(0) = 1, f(1) = 2 from 0; f(1) = 2, f(2) = 3 from 1
)
def test_a_mappings_table_counts_as_its_set_does(tmp_path, first, last, x_0, y):
    # round 117: Brent's f : S → S with S = {0, 1, …, m − 1} was read counting from 1: f(x) took the entry
    # after x's, and a true claim was refuted
    note = written_note(tmp_path, TABLE.replace("<first>", first).replace("<last>", last))
    (listing,) = algoverify.load(note).listings
    table = np.array([1.0, 2.0, 3.0, 0.0]) if x_0 == 0 else np.array([2.0, 3.0, 1.0, 3.0])
    assert listing(f=table, x_0=x_0) == y


MINIMISER = r"""---
title: t
algoverify:
  checks:
    - id: solves
      kind: property
      listing: 1
      inputs: {A: "spd(3)", b: "randn(3)"}
      let:
        <key>: 'A^{-1} b'
      holds: 'x = <factor> x^{\star}'
---

Let \(A\) be symmetric positive definite.

\begin{algorithmic}[1]
\Require \(A\), \(b\)
\State \(x \gets A^{-1} b\)
\State \Return \(x\)
\end{algorithmic}
"""


@pytest.mark.parametrize("key", [r"x^\star", r"x^{\star}", "x_star"])
def test_a_let_key_may_be_written_as_the_formula_writes_the_name(tmp_path, key):
    # rounds 109 and 118: `let: {x^\star: …}` was "must be NAME or NAME(PARAMS)"; it is the x^{\star} holds: reads
    note = written_note(tmp_path, MINIMISER.replace("<key>", key).replace("<factor>", ""))
    assert not [f for f in api.lint([note]).all_findings() if f.code == "AV501"]
    (outcome,) = api.check([note]).notes[0].outcomes
    assert outcome.status == "verified", outcome.message
    wrong = written_note(tmp_path, MINIMISER.replace("<key>", key).replace("<factor>", "2"), name="wrong.md")
    assert api.check([wrong]).notes[0].outcomes[0].status == "refuted"


@pytest.mark.parametrize(
    "require", [r"integers \(a \ge b \ge 0\)", r"an integer \(a \ge 1\) and an integer \(b\)", r"integers \(a, b\)"]
)
def test_integers_in_a_require_are_whole_numbers_on_entry(tmp_path, require):
    # round 116: "\Require integers \(a \ge b \ge 0\)" ran on a = 2.5 and printed g = 0.5
    text = "---\ntitle: t\n---\n\n\\begin{algorithmic}[1]\n\\Require <r>\n\\State \\(g \\gets a - b\\)\n"
    note = written_note(tmp_path, text.replace("<r>", require) + "\\State \\Return \\(g\\)\n\\end{algorithmic}\n")
    (listing,) = algoverify.load(note).listings
    assert listing(a=3, b=1) == 2
    with pytest.raises(ExecutionError, match=r"a ∈ integer numbers does not hold \(a = 2.5\)"):
        listing(a=2.5, b=0)


SORT = r"""---
title: t<spec>
---

Let \(A[1..n]\) be an array of \(n\) numbers.

\begin{algorithmic}[1]
\Procedure{Sort}{$A$}
\For{$i = 1$ \textbf{to} $n - 1$}
  \For{$j = i + 1$ \textbf{to} $n$}
    \If{$A[j] < A[i]$}
      \State exchange $A[i]$ with $A[j]$
    \EndIf
  \EndFor
\EndFor
\EndProcedure
\end{algorithmic}
"""


def test_a_procedure_that_sorts_in_place_prints_its_array_by_name(tmp_path, capsys):
    # round 118: --help-inputs said "outputs: A (updated in place)", and run printed "result = …"
    from algoverify.cli import main

    note = written_note(tmp_path, SORT.replace("<spec>", ""))
    assert main(["run", str(note), "--set", "A=[3,1,2]"]) == 0
    assert capsys.readouterr().out.startswith("A = [1. 2. 3.]\n")


HEAP = r"""---
title: t
---

Inserting a key grows the min-heap \(A[1..n]\) by one position.

\begin{algorithmic}[1]
\Procedure{Heap-Insert}{$A, x$}
\Require min-heap \(A[1..n]\), key \(x\)
\Ensure min-heap \(A[1..n+1]\) holding the keys of \(A\) and \(x\)
\State \(n \gets n + 1\)
\State \(A[n] \gets x\)
\State \(i \gets n\)
\While{\(i > 1\) \textbf{and} \(A[\lfloor i/2 \rfloor] > A[i]\)}
    \State exchange \(A[i]\) with \(A[\lfloor i/2 \rfloor]\)
    \State \(i \gets \lfloor i/2 \rfloor\)
\EndWhile
\EndProcedure
\end{algorithmic}
"""


def test_a_store_one_past_an_arrays_end_grows_it(tmp_path):
    # round 119: CLRS's heap insert stores A[n] after n ← n + 1; the run stopped "out of range" and three true
    # claims were refuted
    (listing,) = algoverify.load(written_note(tmp_path, HEAP)).listings
    assert np.array_equal(listing(A=np.array([1.0, 3.0, 2.0]), x=0.0), [0.0, 1.0, 2.0, 3.0])
    assert np.array_equal(listing(A=np.array([], dtype=float), x=5.0), [5.0])


QR_STEP = r"""---
title: t
---

Let \(A\) be a symmetric \(n \times n\) matrix; one step of the QR algorithm gives the new matrix \(A_1\).

\begin{algorithmic}[1]
\Require symmetric \(A \in \mathbb{R}^{n \times n}\)
\Ensure \(A_1\), orthogonally similar to \(A\)
\State <factor>
\State \(A_1 \gets R Q\)
\State \Return \(A_1\)
\end{algorithmic}
"""


def test_the_next_iterate_set_and_returned_whole_is_a_name_of_its_own(tmp_path):
    # round 119: A_1 ← R Q was read as row 1 of the input A ("cannot store a 5×5 array"), and lint was silent
    note = written_note(tmp_path, QR_STEP.replace("<factor>", r"\(Q R = A\)"))
    (listing,) = algoverify.load(note).listings
    A = np.array([[2.0, 1.0, 0.0], [1.0, 3.0, 1.0], [0.0, 1.0, 4.0]])
    out = listing(A=A)
    assert out.shape == (3, 3) and np.allclose(np.linalg.eigvalsh(out), np.linalg.eigvalsh(A))
    assert listing.outputs == ("A_1",)


def test_a_factorisation_in_words_is_told_how_to_run(tmp_path):
    # round 119: "compute the QR factorization \(A = Q R\)" had no binding, and nothing said the guide's Q R = A runs
    note = written_note(tmp_path, QR_STEP.replace("<factor>", r"compute the QR factorization \(A = Q R\)"))
    (found,) = [f for f in api.lint([note]).all_findings() if f.code == "AV304"]
    assert r"a factorisation runs as the equation it solves, the factors on the left: \(Q R = A\)" in found.message


PIVOTING = r"""---
title: t
---

Let \(A\) be a nonsingular \(m \times m\) matrix.

\begin{algorithmic}[1]
\Require nonsingular \(A \in \mathbb{R}^{m \times m}\)
\State \(U \gets A\), \(L \gets I\), \(P \gets I\)
\For{\(k = 1\) \textbf{to} \(m - 1\)}
  \State \(i \gets \operatorname{argmax}_{k \le r \le m} \lvert u_{rk} \rvert\)
  \State \(u_{k,k:m} \leftrightarrow u_{i,k:m}\)
  \State \(l_{k,1:k-1} \leftrightarrow l_{i,1:k-1}\)
  \State \(p_{k,:} \leftrightarrow p_{i,:}\)
  \For{\(j = k + 1\) \textbf{to} \(m\)}
    \State \(l_{jk} \gets u_{jk} / u_{kk}\)
    \State \(u_{j,k:m} \gets u_{j,k:m} - l_{jk} u_{k,k:m}\)
  \EndFor
\EndFor
\State \Return \(P, L, U\)
\end{algorithmic}
"""


def test_lower_case_rows_of_a_matrix_the_listing_copies_are_its_rows(tmp_path):
    # round 120: Trefethen and Bau's u_{j,k:m} (after U ← A) was a separate, empty u, and p_{k,:} ↔ p_{i,:}
    # was "not defined"; lint said nothing
    (listing,) = algoverify.load(written_note(tmp_path, PIVOTING)).listings
    A = np.array([[1.0, 2.0, 0.0], [3.0, 4.0, 1.0], [0.0, 1.0, 5.0]])
    P, L, U = listing(A=A)
    assert np.allclose(P @ A, L @ U) and np.allclose(np.triu(U), U) and np.allclose(np.tril(L), L)
    assert np.all(np.abs(L) <= 1 + 1e-12)


def test_an_infinite_entry_meets_a_bound_on_every_entry(tmp_path):
    # round 122: Dijkstra's w_{uv} >= 0 with w_{uv} = inf for a missing edge failed (0 · inf is NaN in the slack
    # a relation adds): every graph with a missing edge was refused, and 690 draws were skipped
    note = written_note(
        tmp_path,
        "---\ntitle: t\n---\n\n\\begin{algorithmic}[1]\n\\Require \\(W \\in \\mathbb{R}^{n \\times n}\\) with "
        "\\(w_{uv} \\ge 0\\), a source \\(s\\)\n\\State \\(d \\gets W_{s,:}\\)\n\\State \\Return \\(d\\)\n"
        "\\end{algorithmic}\n",
    )
    (listing,) = algoverify.load(note).listings
    inf = np.inf
    assert np.array_equal(listing(W=np.array([[0.0, 1.0, inf], [inf, 0.0, 2.0], [inf, inf, 0.0]]), s=1), [0, 1, inf])
    with pytest.raises(ExecutionError, match="precondition violated"):
        listing(W=np.array([[0.0, -1.0, inf], [inf, 0.0, 2.0], [inf, inf, 0.0]]), s=1)


def test_a_vector_times_a_basis_vector_transposed_is_a_column_not_a_row_of_ones():
    # round 122: Arnoldi's r e_m^T was read as r 1^T (r added to every column), and the true Arnoldi relation
    # was refuted
    from algoverify.math.numeric.arithmetic import _outer
    from algoverify.math.sizeless import Basis

    r, M = np.array([1.0, 2.0, 3.0]), np.zeros((3, 2))
    assert np.array_equal(_outer(r, Basis(1)) + M, [[0, 1], [0, 2], [0, 3]])
    assert np.array_equal(_outer(Basis(0), np.array([1.0, 2.0])) + np.zeros((3, 2)), [[1, 2], [0, 0], [0, 0]])


@pytest.mark.parametrize(("bound", "status"), [("i \\le m + 1 \\land j \\le m", "verified"), ("i \\le j", "refuted")])
def test_a_quantifier_over_two_sets_binds_both(tmp_path, bound, status):
    # round 122: "\forall i \in S, j \in T: …" had "no value here"; only "\forall i, j \in S" read
    note = written_note(
        tmp_path,
        "---\ntitle: t\nalgoverify:\n  checks:\n    - id: upper\n      kind: property\n      listing: 1\n"
        "      inputs: {m: 'integers(1, 4)'}\n"
        f"      holds: '\\forall i \\in \\{{1, \\dots, m + 1\\}}, j \\in \\{{1, \\dots, m\\}}: {bound} \\land h_{{ij}} = 1'\n"
        "---\n\n\\begin{algorithmic}[1]\n\\Require \\(m \\ge 1\\)\n"
        "\\State \\(H \\gets \\operatorname{ones}(m + 1, m)\\)\n\\State \\Return \\(H\\)\n\\end{algorithmic}\n",
    )
    (outcome,) = api.check([note]).notes[0].outcomes
    assert outcome.status == status, outcome.message


@pytest.mark.parametrize(
    "order", [", taken in nondecreasing order by weight", " in increasing order of \\(w_{uv}\\)", " sorted by weight"]
)
def test_a_loop_over_a_set_in_an_order_said_in_words_is_refused_at_lint(tmp_path, order):
    # round 121: Kruskal's \ForAll{(u, v) \in E, taken in nondecreasing order by weight} ran over E as stored;
    # with E a set a true claim was refuted, and lint said nothing
    note = written_note(
        tmp_path,
        "---\ntitle: t\n---\n\nLet \\(E\\) be a set of pairs with weights \\(w_{uv}\\).\n\n\\begin{algorithmic}[1]\n"
        "\\Require \\(E\\), \\(W\\)\n\\State \\(T \\gets \\emptyset\\)\n"
        f"\\ForAll{{$(u, v) \\in E${order}}}\n\\State \\(T \\gets T \\cup \\{{(u, v)\\}}\\)\n\\EndFor\n"
        "\\State \\Return \\(T\\)\n\\end{algorithmic}\n",
    )
    (found,) = [f for f in api.lint([note]).all_findings() if f.code == "AV308"]
    assert "of this \\ForAll is not read: run over the sorted sequence" in found.message
    assert api.lint([note]).sources[note].line_col(found.span.start)[0] == 10


MATCHING = r"""---
title: t
---

Let \(G = (U \cup V, E)\) be a bipartite graph with left vertices \(U = \{1, \dots, m\}\) and right
vertices \(V = \{1, \dots, n\}\), given by its biadjacency matrix \(B \in \{0, 1\}^{m \times n}\), where
\(b_{ij} = 1\) <when> \((i, j) \in E\). A matching is a set \(M \subseteq E\) of edges that share no vertex.

\begin{algorithmic}[1]
\Require \(B\)
\State \(M \gets \emptyset\)
\ForAll{\((i, j) \in E\)}
  \State \(M \gets M \cup \{(i, j)\}\)
\EndFor
\State \Return \(M\)
\end{algorithmic}
"""


@pytest.mark.parametrize("when", ["exactly when", "if and only if", "if"])
def test_the_edges_of_a_biadjacency_matrix_are_the_pairs_where_it_is_one(tmp_path, when):
    # round 124: "b_{ij} = 1 exactly when (i, j) ∈ E" left E undefined ("E is not defined" at every run), and the
    # mention "M ⊆ E" made E an input
    (listing,) = algoverify.load(written_note(tmp_path, MATCHING.replace("<when>", when))).listings
    assert listing(B=np.array([[1.0, 1.0, 0.0], [1.0, 0.0, 0.0]])) == {(1, 1), (1, 2), (2, 1)}


START = r"""---
title: t
algoverify:
  checks:
    - id: lands
      kind: property
      listing: 1
      inputs: {A: "spd(2)", b: "randn(2)"}
      draw: {d: "randn(2)"}
      let:
        x^\star: 'A^{-1} b'
        x_0: 'x^\star + d'
      holds: 'x = x^{\star}'
---

Let \(A\) be symmetric positive definite, and \(x_0\) a start near the solution \(x^\star\).

\begin{algorithmic}[1]
\Require \(A\), \(b\), \(x_0\)
\State \(x \gets x_0 - A^{-1} (A x_0 - b)\)
\State \Return \(x\)
\end{algorithmic}
"""


def test_a_let_input_reads_a_let_written_above_it(tmp_path):
    # round 123: `x_0: 'x^\star + d'` under `x^\star: …` was "x^\star is not defined" at check (lint was clean):
    # the listing's inputs were computed before the definitions above them
    (outcome,) = api.check([written_note(tmp_path, START)]).notes[0].outcomes
    assert outcome.status == "verified", outcome.message


def test_a_dict_reference_names_an_output_sorted_in_place(tmp_path):
    # round 123: a reference returning {"A": …} for CLRS's Merge(A, p, q, r), which sorts A in place, was
    # refuted: "result has keys {1, 2} the reference has not and not the keys {A}"
    spec = (
        "\nalgoverify:\n  module: sorts_checks.py\n  checks:\n    - id: sorts\n      kind: reference\n      listing: 1\n"
        "      inputs: {A: 'randn(4)'}\n      reference: sorted_by_name"
    )
    note = written_note(tmp_path, SORT.replace("<spec>", spec))
    (tmp_path / "sorts_checks.py").write_text(
        "import numpy as np\n\ndef sorted_by_name(A):\n    return {'A': np.sort(A)}\n"
    )
    (outcome,) = api.check([note]).notes[0].outcomes
    assert outcome.status == "verified", outcome.message


def test_a_draw_only_the_checks_formulas_read_is_pointed_to_draw(tmp_path):
    # round 123: AV307 told a user to rename A and b, which only the check's let: read ("draw each as the
    # listing names it"); they belong under draw:
    note = written_note(
        tmp_path,
        "---\ntitle: t\nalgoverify:\n  checks:\n    - id: c\n      kind: property\n      listing: 1\n"
        "      inputs: {A: 'spd(2)', b: 'randn(2)'}\n      let: {F(x): 'A x - b'}\n      holds: 'F(y) = F(y)'\n"
        "---\n\nLet \\(F\\) be a map and \\(y_0\\) a start.\n\n\\begin{algorithmic}[1]\n\\Require \\(F\\), \\(y_0\\)\n"
        "\\State \\(y \\gets y_0 - F(y_0)\\)\n\\State \\Return \\(y\\)\n\\end{algorithmic}\n",
    )
    (found,) = [f for f in api.lint([note]).all_findings() if f.code == "AV307"]
    assert "only the check's formulas read A, b: draw them under draw:" in found.message
    assert "draw each as the listing names it" not in found.message


def test_a_property_said_twice_is_listed_once(tmp_path, capsys):
    # rounds 110 and 115: --help-inputs printed "symmetric; symmetric" for a property the prose and \Require both say
    from algoverify.cli import main

    note = written_note(
        tmp_path,
        "---\ntitle: t\n---\n\nLet \\(A\\) be an \\(n \\times n\\) symmetric matrix. Because \\(A\\) is symmetric, one "
        "product does.\n\n\\begin{algorithmic}[1]\n"
        "\\Require symmetric \\(A \\in \\mathbb{R}^{n \\times n}\\)\n\\State \\(B \\gets 2 A\\)\n\\State \\Return \\(B\\)\n"
        "\\end{algorithmic}\n",
    )
    assert main(["run", str(note), "--help-inputs"]) == 0
    (line,) = [x for x in capsys.readouterr().out.splitlines() if x.strip().startswith("A ")]
    assert line.count("symmetric") == 1


CG = r"""---
title: t
algoverify:
  checks:
    - id: solves
      kind: reference
      listing: 1
      inputs: {n: "integers(1, 5)", A: "spd(n)", b: "randn(n)"}
      reference: <reference>
      atol: 1e-6
---

Let \(A\) be an \(n \times n\) symmetric positive definite matrix and \(b \in \mathbb{R}^n\) a nonzero vector.

\begin{algorithmic}[1]
\Require \(A\), \(b\)
\State \(x \gets A^{-1} b\); \(k \gets n\)
\State \Return \(x, k\)
\end{algorithmic}
"""


def test_a_numpy_reference_gives_the_first_of_several_outputs(tmp_path):
    # round 126: numpy.linalg.solve against a listing returning (x_k, k) was split across the two outputs and
    # refuted a true claim ("x_k has shape (1,), the reference ()")
    (outcome,) = api.check([written_note(tmp_path, CG.replace("<reference>", "numpy.linalg.solve"))]).notes[0].outcomes
    assert outcome.status == "verified", outcome.message
    assert "k is not compared (the reference does not give it)" in outcome.message


def test_a_nonzero_vector_said_right_after_its_name_is_a_precondition(tmp_path):
    # round 126: "\(b \in \mathbb{R}^n\) a nonzero vector" was no precondition; b = 0 ran
    (listing,) = algoverify.load(written_note(tmp_path, CG.replace("<reference>", "numpy.linalg.solve"))).listings
    with pytest.raises(ExecutionError, match="b is not zero does not hold"):
        listing(A=np.eye(2), b=np.zeros(2))


def test_a_reference_array_for_several_outputs_is_no_refutation(tmp_path):
    # the same array from the note's own reference: split over (x, k) it compared x with a number; it says why
    text = CG.replace("<reference>", "solution").replace("algoverify:\n", "algoverify:\n  module: cg_checks.py\n")
    note = written_note(tmp_path, text)
    (tmp_path / "cg_checks.py").write_text(
        "import numpy as np\n\ndef solution(A, b):\n    return np.linalg.solve(A, b)\n"
    )
    (outcome,) = api.check([note]).notes[0].outcomes
    assert outcome.status == "could not check"
    assert "the reference gives one value, the listing returns 2 (x, k)" in outcome.findings[0].message


HEUN = r"""---
title: t
algoverify:
  checks:
    - id: one-step
      kind: property
      listing: 1
      inputs: {h: "uniform(0.01, 0.5)", y_0: "uniform(0.5, 2)"}
      draw: {lambda: "uniform(-3, 1)"}
      holds: 'y_1 = (1 + h \lambda + (h \lambda)^{2} / 2) y_0'
---

Heun's step for \(y' = \lambda y\).

\begin{algorithmic}[1]
\Require \(h\), \(y_0\), \(\lambda\)
\State \(k_1 \gets \lambda y_0\); \(k_2 \gets \lambda (y_0 + h k_1)\)
\State \(y_1 \gets y_0 + h (k_1 + k_2) / 2\)
\State \Return \(y_1\)
\end{algorithmic}
"""


def test_run_check_takes_a_value_named_as_the_spec_names_it_and_refuses_one_it_does_not_read(tmp_path, capsys):
    # round 125: `run --check ID --set lambda=-1` drew λ itself (the run calls it lam) and said "verified … on
    # these inputs"; an unknown --set name was ignored the same way
    from algoverify.cli import main

    note = written_note(tmp_path, HEUN)
    args = ["run", str(note), "--check", "one-step", "--set", "h=0.1", "--set", "y_0=1"]
    assert main([*args, "--set", "lambda=-1"]) == 0
    assert "0.905" in capsys.readouterr().out  # 1 - 0.1 + 0.005: λ = -1 was used
    assert main([*args, "--set", "foo=3"]) == 2
    assert "--set foo: check 'one-step' draws h, y_0, lam; not a name it reads" in capsys.readouterr().out


@pytest.mark.parametrize("binder", [r"1 \le j \le n", r"j = 1, \dots, n", r"j \in \{1, \dots, n\}"])
def test_a_set_builder_over_a_range_of_indices_runs(tmp_path, binder):
    # round 125: Wang and Carreira-Perpiñán's \{1 \le j \le n : …\} "names no finite set"
    note = written_note(
        tmp_path,
        "---\ntitle: t\n---\n\nLet \\(u\\) be a vector of \\(n\\) reals.\n\n\\begin{algorithmic}[1]\n"
        f"\\Require \\(u \\in \\mathbb{{R}}^{{n}}\\)\n\\State \\(J \\gets \\{{ {binder} : u_j > 0 \\}}\\)\n"
        "\\State \\Return \\(J\\)\n\\end{algorithmic}\n",
    )
    (listing,) = algoverify.load(note).listings
    assert listing(u=np.array([1.0, -2.0, 3.0])) == {1, 3}


def test_a_sort_largest_first_in_words_is_told_how_to_write_it():
    # round 125: "Sort y into u: u_1 ≥ u_2 ≥ …" was told to write \operatorname{sort}(y), which is increasing
    from algoverify.findings.math_rules import UnboundText

    said = UnboundText.message(text="Sort y into u: u_1 ≥ u_2 ≥…≥ u_n")
    assert r"\(u \gets -\operatorname{sort}(-y)\)" in said
    assert r"\(y \gets \operatorname{sort}(x)\)" in UnboundText.message(text="sort the keys")


@pytest.mark.parametrize(
    "sentence",
    [
        r"For \(0 \le j \le i \le n\) write \(Q_{i,j}\) for the value at \(t\) of the polynomial of degree at most \(i - j\).",
        r"where \(f : \mathbb{R} \times \mathbb{R} \to \mathbb{R}\) is continuous and Lipschitz in \(y\).",
    ],
)
def test_a_definition_over_a_range_and_a_where_clause_claim_nothing(sentence):
    # rounds 110 and 117: AV604 on "For … write Q_{i,j} for …" (cue "at most") and on "where f … is continuous"
    from algoverify.checking.specification.cues import cues

    assert cues(sentence) == []
    assert cues(r"where \(e_k\) is at most \(2^{-k}\).") == ["at most"]  # a claim after "where" stays one


def test_a_line_that_goes_on_with_an_inline_math_is_prose(tmp_path):
    # round 119: "\(\mu \in" ⏎ "\mathbb{R}\) the drift …" was blanked as a line of LaTeX, and the next
    # sentence was cut in the middle ("number of steps \(N \ge 1\), …" flagged AV604 as a claim)
    note = written_note(
        tmp_path,
        "---\ntitle: t\n---\n\nLet \\(S_0 > 0\\) be the initial value, \\(\\mu \\in\n\\mathbb{R}\\) the drift. Fix a step "
        "size \\(h > 0\\) and a\nnumber of steps \\(N \\ge 1\\), and write \\(t_k = k h\\).\n",
    )
    assert not [f for f in api.lint([note]).all_findings() if f.code == "AV604"]
