r"""Rounds 174 and after (new users' notes, written from the docs alone): what they found, held.

The fixtures are ours, written for these tests after the shape of a listing a round wrote.
"""

from __future__ import annotations

import pytest
from helpers import written_note

from algoverify import api

LEGS = r"""---
title: t
algoverify:
  module: m.py
  index_base: 0
  checks:
    - id: legs
      kind: reference
      listing: 1
      reference: legs
      inputs: {k: "integers(2, 7)", P: "randn(k, 2)"}
    - id: nonnegative
      kind: property
      listing: 1
      inputs: {k: "integers(2, 7)", P: "randn(k, 2)"}
      holds: '\forall i \in \{1, \dots, m\}: \ell(i) \ge 0'
---

A path visits the points \(0, 1, \dots, m\) in order. We store \(P\) as an \((m + 1) \times 2\)
array of coordinates, one point to a row.

\begin{algorithmic}[1]
\Require the points \(P\)
\Ensure the length \(\ell(i)\) of each leg, for \(i = 1, \dots, m\)
\For{\(i = 1, \dots, m\)}
  \State \(\ell(i) \gets \lvert P_{i,0} - P_{i-1,0} \rvert + \lvert P_{i,1} - P_{i-1,1} \rvert\)
\EndFor
\State \Return \(\ell\)
\end{algorithmic}
"""

LEGS_MODULE = """
import numpy as np


def legs(P):
    return np.concatenate([[0.0], np.abs(np.diff(P, axis=0)).sum(axis=1)])
"""


def _legs(tmp_path, text=LEGS):
    (tmp_path / "m.py").write_text(LEGS_MODULE)
    return written_note(tmp_path, text)


def test_a_family_set_from_one_is_compared_index_by_index_with_a_reference_from_zero(tmp_path):
    # round 142: Aho–Corasick's f(s), set for the states s = 1, …, m, against a reference that gives
    # f over 0, …, m (index_base: 0) was refuted: "f has shape (5,), the reference (6,)"
    (o, _) = api.check([_legs(tmp_path)]).notes[0].outcomes
    assert o.status == "verified", o
    assert "the reference's ell at index 0 not compared (the listing does not set it)" in o.message


def test_a_wrong_member_is_still_refuted_and_said_by_the_listings_index(tmp_path):
    wrong = LEGS.replace(r"\lvert P_{i,1} - P_{i-1,1} \rvert\)", r"\lvert P_{i,1} - P_{i-1,0} \rvert\)")
    assert wrong != LEGS
    (o, _) = api.check([_legs(tmp_path, wrong)]).notes[0].outcomes
    assert o.status == "refuted", o
    assert "but the reference gives" in o.message and "has shape" not in o.message


def test_a_reference_longer_than_the_listing_sets_by_more_than_its_start_is_still_a_shape_difference(tmp_path):
    module = LEGS_MODULE.replace("[[0.0],", "[[0.0, 0.0],")
    assert module != LEGS_MODULE
    (tmp_path / "m.py").write_text(module)
    (o, _) = api.check([written_note(tmp_path, LEGS)]).notes[0].outcomes
    assert o.status == "refuted" and "has shape (" in o.message, o


@pytest.mark.parametrize(
    "said",
    [
        r"We store \(P\) as an \((m + 1) \times 2\)",
        r"We keep \(P\) as an \((m + 1) \times 2\)",
        r"The points are in \(P\), stored as an \((m + 1) \times 2\)",
        r"The points are in \(P\), which is stored as an \((m + 1) \times 2\)",
    ],
)
def test_a_name_stored_as_a_shaped_array_has_that_shape(tmp_path, said):
    # round 142: "We store \(g\) as an \((m + 1) \times \sigma\) array" gave no m; a check's
    # holds: over 1, …, m could not check (AV303) and the listing's own loops did not run
    text = LEGS.replace(r"We store \(P\) as an \((m + 1) \times 2\)", said)
    assert said in text
    note = _legs(tmp_path, text)
    assert not [f for f in api.lint([note]).notes[0].findings if f.code == "AV303"]
    statuses = [o.status for o in api.check([note]).notes[0].outcomes]
    assert statuses == ["verified", "verified"], statuses


def test_a_size_drawn_after_an_input_that_reads_it_says_where_to_draw_it(tmp_path):
    text = LEGS.replace(
        'inputs: {k: "integers(2, 7)", P: "randn(k, 2)"}',
        'draw: {k: "integers(2, 7)"}\n      inputs: {P: "randn(k, 2)"}',
        1,
    )
    (f,) = [f for f in api.lint([_legs(tmp_path, text)]).notes[0].findings if f.code == "AV502"]
    assert "draw: comes after inputs:" in f.message and "draw k in inputs:, before P" in f.message


HALVING = r"""---
title: t
algoverify:
  checks:
    - id: shrinks
      kind: property
      listing: 1
      inputs: {n: "integers(1, 5)", x_0: "randn(n)", T: "integers(1, 4)"}
      holds: '\max_{i} \lvert x_{1,i} \rvert \le \max_{i} \lvert x_{0,i} \rvert'
    - id: every-entry
      kind: property
      listing: 1
      inputs: {n: "integers(1, 5)", x_0: "randn(n)", T: "integers(1, 4)"}
      holds: '\forall i \in \{1, \dots, n\}: x_{1,i} = x_{0,i} / 2'
    - id: quarter
      kind: property
      listing: 1
      known: 'a half, not a quarter'
      inputs: {n: "integers(1, 5)", x_0: "randn(n)", T: "integers(1, 4)"}
      holds: '\max_{i} \lvert x_{1,i} \rvert \le \frac{1}{4} \max_{i} \lvert x_{0,i} \rvert'
---

Let \(x_0 \in \mathbb{R}^n\) and let \(T\) be a number of steps.

\begin{algorithmic}[1]
\Require \(x_0\), \(T\)
\For{\(t = 1, \dots, T\)}
  \State \(x_t \gets x_{t-1} / 2\)
\EndFor
\State \Return \(x_T\)
\end{algorithmic}
"""


def test_an_entry_of_a_member_counts_the_member_from_its_start_and_the_entry_from_the_base(tmp_path):
    # round 164: Adam's holds: '\max_{i} \lvert \theta_{1,i} - \theta_{0,i} \rvert \le \alpha' could not
    # check: "index 1 is out of range 0..0 in \theta_{1,i}": the whole θ, rows t = 0, 1, …, counted
    # its entries i from 0 too, as the rows
    outcomes = api.check([written_note(tmp_path, HALVING)]).notes[0].outcomes
    statuses = {o.check.id: o.status for o in outcomes}
    assert statuses == {"shrinks": "verified", "every-entry": "verified", "quarter": "refuted as expected"}, [
        o.message for o in outcomes
    ]


KRYLOV = r"""---
title: t
algoverify:
  checks:
    - id: orthonormal
      kind: property
      listing: 1
      inputs: {n: "integers(3, 6)", k: "integers(1, n - 1)", A: "randn(n, n)", b: "randn(n)"}
      let: {Q: '[q_1, \dots, q_{k+1}]'}
      holds: 'Q^{\top} Q = I'
---

Let \(A\) be an \(n \times n\) matrix, \(b \ne 0\) a vector of length \(n\) and \(k < n\). We
assume that the iteration never breaks down, that is \(h_{j+1,j} \ne 0\) for every \(j\).

\begin{algorithmic}[1]
\Require \(A\), \(b\), \(k\)
\State \(q_1 \gets b / \lVert b \rVert\)
\For{\(j = 1, \dots, k\)}
  \State \(v \gets A q_j\)
  \For{\(i = 1, \dots, j\)}
    \State \(h_{ij} \gets q_i^{\top} v\)
    \State \(v \gets v - h_{ij} q_i\)
  \EndFor
  \State \(h_{j+1,j} \gets \lVert v \rVert\)
  \State \(q_{j+1} \gets v / h_{j+1,j}\)
\EndFor
\State \Return \(h\)
\end{algorithmic}
"""


def test_a_denominator_that_is_zero_but_for_roundoff_is_outside_the_notes_assumption(tmp_path):
    # round 177: Arnoldi on A = I, b = (1, 1, 1) makes h_{2,1} = 1.9e-16 in floats, exactly 0 over the
    # rationals; "we assume no breakdown, h_{j+1,j} ≠ 0" was honoured only at an exact float 0, and
    # two true claims were refuted on such draws
    (o,) = api.check([written_note(tmp_path, KRYLOV)]).notes[0].outcomes
    assert o.status == "verified", o.message
    assert "a denominator vanishes in exact arithmetic" in o.message


def test_a_wrong_listing_under_that_assumption_is_still_refuted(tmp_path):
    wrong = KRYLOV.replace(r"\(v \gets v - h_{ij} q_i\)", r"\(v \gets v + h_{ij} q_i\)")
    assert wrong != KRYLOV
    (o,) = api.check([written_note(tmp_path, wrong)]).notes[0].outcomes
    assert o.status == "refuted", o.message


SECOND = r"""---
title: t
algoverify:
  module: m.py
  checks:
    - id: second
      kind: reference
      listing: 1
      reference: second
      inputs: {n: "integers(2, 6)", a: "randn(n)"}
---

PROSE

\begin{algorithmic}[1]
\Require \(REQUIRE\)
\State \(s \gets a_1\)
\State \Return \(s\)
\end{algorithmic}
"""


@pytest.mark.parametrize(
    "written",
    [
        r"a = (a_0, \dots, a_{n-1})",
        r"a = (a_0, \dots, a_{n-1}) \in \mathbb{R}^n",
        r"a_0, \dots, a_{n-1}",
    ],
)
@pytest.mark.parametrize("in_prose", [True, False])
def test_a_vector_written_as_its_entries_from_zero_counts_from_zero(tmp_path, written, in_prose):
    # round 178: "let \(a = (a_0, \dots, a_{n-1}) \in \mathbb{R}^n\)" and "\Require array \(a = (a_0, …)\)"
    # ran the listing from 1: a_j read at j = 0 was out of range; lint said nothing. Alone in \Require,
    # a = (a_0, \dots, a_{n-1}) was read as the range an index runs over, and declared no input
    (tmp_path / "m.py").write_text("def second(a):\n    return a[1]\n")
    prose = rf"Let \({written}\) be the data." if in_prose else "The data are real numbers."
    note = written_note(tmp_path, SECOND.replace("PROSE", prose).replace("REQUIRE", written))
    assert not [f for f in api.lint([note]).notes[0].findings if f.severity == "error"]
    (o,) = api.check([note]).notes[0].outcomes
    assert o.status == "verified", o.message


def test_a_vector_written_as_its_entries_from_one_still_counts_from_one(tmp_path):
    (tmp_path / "m.py").write_text("def second(a):\n    return a[0]\n")
    note = written_note(tmp_path, SECOND.replace("PROSE", "").replace("REQUIRE", r"a = (a_1, \dots, a_n)"))
    (o,) = api.check([note]).notes[0].outcomes
    assert o.status == "verified", o.message


ORDER = r"""---
title: t
algoverify:
  checks:
    - id: every-vertex
      kind: property
      listing: 1
      inputs: {n: "integers(1, 5)", A: "randn(n, n)"}
      holds: '\lvert L \rvert = n'
---

An order of the vertices is a sequence \(L = (L_1, \dots, L_n)\) of them.

\begin{algorithmic}[1]
\Require an \(n \times n\) matrix \(A\)
\Function{Order}{$A$}
  \State $L \gets$ empty list
  \For{$v = 1, \dots, n$}
    \State append $v$ to $L$
  \EndFor
  \State \Return $L$
\EndFunction
\end{algorithmic}
"""

PAIRS = r"""---
title: t
algoverify:
  checks:
    - id: both
      kind: property
      listing: 1
      inputs: {x: "uniform(1, 2)"}
      holds: 'y_1 = 2 x'
---

The numbers \(y_1, \dots, y_n\) and \(z_1, \dots, z_n\) are pairs. Since \(z_1\) is a number, so is its double.

\begin{algorithmic}[1]
\Require a number \(x\)
\Function{Pair}{$x$}
  \State $(y_1, z_1) \gets (2 x, 3 x)$
  \State $w \gets y_1 + z_1$
  \State \Return $y_1, z_1, w$
\EndFunction
\end{algorithmic}
"""


@pytest.mark.parametrize("text", [ORDER, PAIRS], ids=["worded", "tuple"])
def test_a_name_the_listing_sets_first_is_never_an_input_the_prose_declares(tmp_path, text):
    # round 174: "\(L \gets\) empty list" beside the prose's "L = (L_1, …, L_n)" and "(λ_1, v_1) \gets
    # \Call{Power}{…}" beside "eigenvalues λ_1, …, λ_n": L, λ, v and v_1 were inputs to draw (AV307),
    # though the listing sets each before it reads it
    note = written_note(tmp_path, text)
    assert not [f for f in api.lint([note]).notes[0].findings if f.code == "AV307"]
    (o,) = api.check([note]).notes[0].outcomes
    assert o.status == "verified", o.message


UNIT = r"""---
title: t
---

Let \(i = \sqrt{-1}\) be the imaginary unit.

\begin{algorithmic}[1]
\Require a real number \(x\)
\State \(z_1 \gets x + 5 i\)
\State \(z_2 \gets 2\)
\State \(r \gets STATEMENT\)
\State \Return \(r\)
\end{algorithmic}
"""


@pytest.mark.parametrize(
    "statement",
    [r"z_1 < z_2", r"z_2 \ge z_1", r"\max(z_1, z_2)", r"\max_{k = 1}^{2} z_k", r"\min_{k} z_k"],
)
def test_complex_numbers_are_never_ordered(tmp_path, statement):
    # round 176: Durand–Kerner's mutant `\max_k \lvert \delta_k \rvert < i` ran: 0.5 < 1j was False, -0.5 < 1j
    # True, and \max_k z_k of [1+5j, 2, -9j] was 2 — NumPy's order by real part, said nowhere
    note = written_note(tmp_path, UNIT.replace("STATEMENT", statement))
    result = api.load(note).listings[0].run({"x": 1.0})
    assert result.finding is not None and "complex numbers have no order" in result.finding.message


def test_a_complex_value_that_is_real_is_ordered(tmp_path):
    note = written_note(tmp_path, UNIT.replace(r"x + 5 i", r"x + 0 i").replace("STATEMENT", r"\max(z_1, z_2)"))
    result = api.load(note).listings[0].run({"x": 1.0})
    assert result.finding is None and result.value == 2


PENALTY = r"""---
title: t
---

SENTENCE

\begin{algorithmic}[1]
\Function{Cost}{$m, g$}
  \State \Return \(m g\)
\EndFunction
\end{algorithmic}
"""


@pytest.mark.parametrize(
    "sentence",
    [
        r"Every symbol of both is used once; a column with a gap costs \(g\), where \(g > 0\) is the gap penalty.",
        r"When a column pairs a symbol with a gap, it costs \(g\), where \(g > 0\) is the gap penalty.",
        r"When both are empty the cost is zero; the penalty \(g > 0\) is fixed.",
    ],
)
def test_a_condition_earlier_in_a_sentence_does_not_swallow_a_later_clause_that_says_what_a_name_is(tmp_path, sentence):
    # round 176: "every symbol of both is used once; …, where \(g > 0\) is the gap penalty": the "once" made
    # the whole sentence a condition, g > 0 was dropped, and g = -1 ran silently
    note = written_note(tmp_path, PENALTY.replace("SENTENCE", sentence))
    result = api.load(note).listings[0].run({"m": 2, "g": -1.0})
    assert result.finding is not None and result.finding.code == "AV309", result.finding


def test_a_relation_inside_a_condition_is_still_no_precondition(tmp_path):
    note = written_note(tmp_path, PENALTY.replace("SENTENCE", r"Once \(g > 0\), every column costs \(g\)."))
    assert api.load(note).listings[0].run({"m": 2, "g": -1.0}).finding is None


WORDED = r"""---
title: t
---

PROSE

\begin{algorithmic}[1]
\Require REQUIRE
\State \(s \gets 0\)
\State \Return \(s\)
\end{algorithmic}
"""


@pytest.mark.parametrize(
    ("require", "prose", "bad", "good"),
    [
        (r"a positive integer \(n\)", "", {"n": -2}, {"n": 3}),
        (r"\(n\), a positive integer", "", {"n": 2.5}, {"n": 3}),
        (r"\(n\), a positive multiple of 3", "", {"n": 4}, {"n": 6}),
        (r"\(n\)", r"Let \(n\) be a positive multiple of 3.", {"n": -3}, {"n": 9}),
        (r"\(n\)", r"Let \(n\) be an even positive integer.", {"n": -2}, {"n": 4}),
        (r"weights \(w_1, \dots, w_n\), positive integers", "", {"w": [0, 3]}, {"w": [1, 3]}),
        (r"weights \(w_1, \dots, w_n\), positive integers", "", {"w": [1.5, 3]}, {"w": [2, 3]}),
        # round 183: Euclid's "\Require integers \(a \ge b \ge 0\), not both zero" ran on a = b = 0
        (r"integers \(a \ge b \ge 0\), not both zero", "", {"a": 0, "b": 0}, {"a": 5, "b": 0}),
    ],
)
def test_a_kind_said_in_words_is_a_precondition(tmp_path, require, prose, bad, good):
    # round 175: "weights \(w_1, \dots, w_n\), positive integers" and "\(n\), a positive multiple of 3" were
    # dropped: w = [0, 3] ran silently, and n = 4 gave a wrong integral from Simpson's 3/8 rule
    note = written_note(tmp_path, WORDED.replace("REQUIRE", require).replace("PROSE", prose))
    listing = api.load(note).listings[0]
    refused = listing.run(bad).finding
    assert refused is not None and refused.code == "AV309", refused
    assert listing.run(good).finding is None


COPY = r"""---
title: t
algoverify:
  checks:
    - id: first
      kind: property
      listing: 1
      inputs: {n: "integers(1, 4)", x: "randn(n)"}
      holds: 'y_1 = x_1'
---

\begin{algorithmic}[1]
\Require \(x = (x_1, \dots, x_n)\)
\Ensure \(y = (y_1, \dots, y_n)\), a copy of \(x\)
\Function{Copy}{\(x\)}
  \If{\(x_1 \ge 0\)}
    \State \Return \(x\)
  \EndIf
  \For{\(i = 1, \dots, n\)}
    \State \(y_i \gets x_i\)
  \EndFor
  \State \Return \(y\)
\EndFunction
\end{algorithmic}
"""


def test_returns_that_disagree_are_named_by_the_ensure(tmp_path):
    # round 178: CLRS's FFT returns a at n = 1 and y after, under "\Ensure \(y = (y_0, \dots, y_{n-1})\)":
    # the output was `result`, and a holds: on y_k read the function's local y, never set at n = 1
    note = written_note(tmp_path, COPY)
    assert api.load(note).listings[0].outputs == ("y",)
    (o,) = api.check([note]).notes[0].outcomes
    assert o.status == "verified", o.message


def test_an_ensure_that_names_what_the_output_is_made_from_names_nothing(tmp_path):
    # "\Ensure the DFT of \(a\)": a is what the output is made of; named a, the output hid the input a
    note = written_note(tmp_path, COPY.replace(r"\(y = (y_1, \dots, y_n)\), a copy of \(x\)", r"a copy of \(x\)"))
    assert api.load(note).listings[0].outputs == ("result",)
    (o,) = api.check([note]).notes[0].outcomes
    # y_1 is the function's own y, never set when x_1 >= 0: the trial and its inputs say where
    assert o.status == "could not check" and o.message.startswith("trial "), o.message
    assert "inputs" in o.details and "never set" in o.message


WEIGHTS = r"""---
title: t
algoverify:
  checks:
    - id: c
      kind: property
      listing: 1
      inputs: {n: "integers(1, 4)"}
      holds: 's \ge 0'
---

The weights \(w_1, \dots, w_n\) are given.

\begin{algorithmic}[1]
\Require \(n\)
\State \(s \gets \sum_{i=1}^{n} w_i^2\)
\State \Return \(s\)
\end{algorithmic}
"""


def test_a_missing_input_the_prose_introduced_says_where(tmp_path):
    # round 174: AV307 "missing input(s) lam, v, v_1 … listing PowerDeflate takes …" named no sentence;
    # only run --help-inputs showed that the prose had made them inputs
    (f,) = [f for f in api.lint([written_note(tmp_path, WEIGHTS)]).notes[0].findings if f.code == "AV307"]
    assert f.message.endswith("the prose at line 12 introduces w"), f.message


AVERAGE = r"""---
title: t
algoverify:
  checks:
    - id: below-max
      kind: property
      listing: 1
      inputs: {n: "integers(1, 5)", x: "randn(n)"}
      draw: {w: "uniform(0, 1, n)"}
      let: {k: 'w / \sum_{i=1}^{n} w_i'}
      holds: 's \le \max(x)'
---

Let \(k\) be weights that are non-negative and sum to one, and \(x\) a vector of \(n\) numbers.

\begin{algorithmic}[1]
\Require \(k\), \(x\)
\State \(s \gets \sum_{i=1}^{n} k_i x_i\)
\State \Return \(s\)
\end{algorithmic}
"""


def test_a_let_value_that_divides_by_zero_skips_the_draw_and_refutes_nothing(tmp_path):
    # round 185: let: {K: 'W / \sum W_{uv}'} on a zero W (a structured member of uniform(0, 1)) made K NaN
    # silently, and the true claim "a blur stays within the image's range" was refuted with \min(G) = nan
    (o,) = api.check([written_note(tmp_path, AVERAGE)]).notes[0].outcomes
    assert o.status == "verified", o.message
    assert "let: k has no value on this draw" in o.message


HALVINGS = r"""---
title: t
algoverify:
  checks:
    - id: bound
      kind: property
      listing: Halvings
      inputs: {n: "integers(1, 1000)"}
      holds: 'HOLDS'
---

Let \(n \ge 1\) be an integer.

\begin{algorithmic}[1]
\Function{Halvings}{$n$}
  \State \(k \gets 0\)
  \While{\(n > 1\)}
    \State \(n \gets \lfloor n / 2 \rfloor\)
    \State \(k \gets k + 1\)
  \EndWhile
  \State \Return \(k\)
\EndFunction
\end{algorithmic}
"""


@pytest.mark.parametrize(
    ("holds", "status"),
    [
        (r"k \le \log_2 n", "could not check"),
        (r"k \le \log_2 n^{(0)}", "verified"),
        (r"k \le \log_2 n^{(0)} - 1", "refuted"),
        (r"n = 1", "verified"),
    ],
)
def test_a_claim_on_an_input_the_listing_changes_is_refuted_only_under_both_readings(tmp_path, holds, status):
    # round 183: Lamé's "k \le 1 + \log_{\varphi} b" of Euclid(a, b) was refuted: holds: read the b the loop
    # left (0), and its counterexample showed the input b = 1, where the bound holds
    (o,) = api.check([written_note(tmp_path, HALVINGS.replace("HOLDS", holds))]).notes[0].outcomes
    assert o.status == status, o.message
    if status == "could not check":
        assert "which the listing changes" in o.message and r"write n^{(0)} for the input" in o.message


DESCENT = r"""---
title: t
algoverify:
  checks:
    - id: lands
      kind: property
      listing: 1
      inputs: {n: "integers(1, 5)", x_0: "randn(n)", K: "integers(1, 3)"}
      draw: {c: "randn(n)"}
      let: {'f(x)': '\lVert x - c \rVert^{2}'}
      holds: 'x_K = c'
---

Let \(f\) be a differentiable function on \(\mathbb{R}^n\) and \(x_0 \in \mathbb{R}^n\).

\begin{algorithmic}[1]
\Require \(f\), \(x_0\), a number of steps \(K\)
\For{\(k = 0, \dots, K - 1\)}
  \State \(x_{k+1} \gets x_k - \frac{1}{2} GRADIENT\)
\EndFor
\State \Return \(x_K\)
\end{algorithmic}
"""


@pytest.mark.parametrize("gradient", [r"\nabla f(x_k)", r"\nabla_{x} f(x_k)"])
def test_the_gradient_of_a_function_is_taken_at_the_point_it_is_applied_to(tmp_path, gradient):
    # round 184: Nesterov's "y_k - \frac{1}{L} \nabla_{x} f(y_k)" with f(x) from let: failed (AV305: x arrived
    # as the whole sequence x_k, 1 × n); "\nabla f(y_k)", the usual notation, was AV308 "needs a subscript"
    note = written_note(tmp_path, DESCENT.replace("GRADIENT", gradient))
    assert not [f for f in api.lint([note]).notes[0].findings if f.severity.value == "error"]
    (o,) = api.check([note]).notes[0].outcomes
    assert o.status == "verified", o.message


FRONT = r"""---
title: t
algoverify:
  module: m.py
  checks:
    - id: total
      kind: reference
      listing: Main
      inputs: {n: "integers(1, 5)", A: "randn(n)"}
      reference: first_plus_length
---

\begin{algorithmic}[1]
\Require a sequence \(A = (a_1, \dots, a_n)\)
\Function{Main}{\(A\)}
  \State \((s_L, L) \gets \Call{Front}{A}\)
  \State \Return \(s_L + \Call{Count}{L}\)
\EndFunction
\Function{Front}{\(B\)}
  \State \Return \((B_1, B)\)
\EndFunction
\Function{Count}{\(L\)}
  \State \(p \gets \lvert L \rvert\)
  \State \(c \gets 0\)
  \For{\(i = 1, \dots, p\)}
    \If{\(L_i = L_i\)}
      \State \(c \gets c + 1\)
    \EndIf
  \EndFor
  \State \Return \(c\)
\EndFunction
\end{algorithmic}
"""


def test_a_subscript_set_by_the_same_statement_labels_and_a_listed_parameters_bars_are_its_length(tmp_path):
    # round 180: merge-sort inversions' "(r_L, L) \gets \Call{SortCount}{…}" read r_L as r at index L (AV303
    # L is not defined), and MergeCount(L, R)'s "p \gets \lvert L \rvert" took the absolute values of L
    (tmp_path / "m.py").write_text("def first_plus_length(A):\n    return A[0] + len(A)\n")
    (o,) = api.check([written_note(tmp_path, FRONT)]).notes[0].outcomes
    assert o.status == "verified", o.message


ROOT = r"""---
title: t
algoverify:
  checks:
    - id: bracket
      kind: property
      listing: 1
      inputs: {n: "integers(0, 500)"}
      holds: 'r^{2} \le n < (r + 1)^{2}'
---

\begin{algorithmic}[1]
\Require an integer \(n \ge 0\)
\Ensure \(r = \lfloor \sqrt{n} \rfloor\)
\State \(\ell \gets 0\)
\While{\((\ell + 1)^{2} \le n\)}
  \State \(\ell \gets \ell + 1\)
\EndWhile
\State \Return \(\ell\)
\end{algorithmic}
"""


def test_the_name_an_ensure_gives_the_returned_value_is_that_value(tmp_path):
    # round 181: "\Ensure \(r = \lfloor \sqrt{n} \rfloor\)" beside "\Return \(\ell\)": a holds: on r was AV303
    # "r is not defined" at check, and lint said nothing
    (o,) = api.check([written_note(tmp_path, ROOT)]).notes[0].outcomes
    assert o.status == "verified", o.message


PASCAL = r"""---
title: t
---

Let \(n \ge 0\) and \(0 \le k \le n\) be integers. The coefficients satisfy Pascal's rule

\[
\binom{n}{k} = \binom{n-1}{k-1} + \binom{n-1}{k}, \qquad SIDE
\]

\begin{algorithmic}[1]
\Function{Choose}{$n, k$}
  \State \(c \gets 1\)
  \For{\(j = 1, \dots, k\)}
    \State \(c \gets c (n - j + 1) / j\)
  \EndFor
  \State \Return \(c\)
\EndFunction
\end{algorithmic}
"""


@pytest.mark.parametrize(("side", "refused"), [(r"0 < k < n", False), (r"m \ge 1", False)])
def test_a_displays_side_condition_does_not_narrow_what_the_prose_already_bounds(tmp_path, side, refused):
    # round 182: Pascal's rule "…, \qquad 0 < k < n" beside "let 0 \le k \le n": the display's condition became the
    # listing's precondition, k = 0 and k = n were never drawn, and a check of the row sum could not check
    note = written_note(tmp_path, PASCAL.replace("SIDE", side))
    finding = api.load(note).listings[0].run({"n": 4, "k": 0}).finding
    assert (finding is not None) == refused, finding


def test_a_displays_side_condition_on_a_name_nothing_else_bounds_is_still_assumed(tmp_path):
    text = PASCAL.replace(r"Let \(n \ge 0\) and \(0 \le k \le n\) be integers. ", "").replace("SIDE", r"k \ge 1")
    finding = api.load(written_note(tmp_path, text)).listings[0].run({"n": 4, "k": 0}).finding
    assert finding is not None and finding.code == "AV309", finding


FIXED_POINT = r"""---
title: t
---

\begin{algorithmic}[1]
\Require a starting point \(p_0\), a tolerance \(\tau > 0\), a number \(N\) of iterations
\For{\(i = 1, \dots, N\)}
  \State \(p \gets \cos(p_0)\)
  \If{\(\lvert p - p_0 \rvert < \tau\)}
    \State \Return \(p\)
  \EndIf
  \State \(p_0 \gets p\)
\EndFor
\State \Return \textsc{failure}
\end{algorithmic}
"""


def test_a_return_of_failure_in_small_capitals_names_no_output(tmp_path):
    # round 182: Burden–Faires' "\Return \textsc{failure}" after the loop beside "\Return \(p\)" named the
    # output `result`, and a check's compare: {p: …} was AV501
    listing = api.load(written_note(tmp_path, FIXED_POINT)).listings[0]
    assert listing.outputs == ("p",)
    assert abs(listing.run({"p_0": 1.0, "tau": 1e-10, "N": 200}).value - 0.7390851332) < 1e-8
    assert listing.run({"p_0": 1.0, "tau": 1e-10, "N": 3}).value == "FAILURE"  # HAC's return(failure): the constant


FIRST_MEMBER = r"""---
title: t
---

PROSE

\begin{algorithmic}[1]
\Require REQUIRE
\State \(E \gets r_0\)
\State \Return \(E\)
\end{algorithmic}
"""


@pytest.mark.parametrize(
    ("require", "prose"),
    [
        (r"values \(r_0, r_1, \dots, r_p\) with \(r_0 > 0\)", ""),
        (r"values \(r_0, r_1, \dots, r_p\)", r"The values \(r_0, r_1, \dots, r_p\) have \(r_0 > 0\)."),
    ],
)
def test_a_bound_on_a_member_of_a_family_is_a_precondition_never_an_input(tmp_path, require, prose):
    # round 189: Levinson–Durbin's "\Require values \(r_0, \dots, r_p\) with \(r_0 > 0\)" made r_0 an input of
    # its own beside the family (AV307 "missing input r_0"); given, as the message asked, E_0 \gets r_0 read it,
    # not the family's first member, and two true claims were refuted
    note = written_note(tmp_path, FIRST_MEMBER.replace("REQUIRE", require).replace("PROSE", prose))
    listing = api.load(note).listings[0]
    assert "r_0" not in listing.inputs, listing.inputs
    assert listing.run({"r": [2.0, 0.5]}).value == 2.0
    refused = listing.run({"r": [-1.0, 0.5]}).finding
    assert refused is not None and refused.code == "AV309", refused


FALSE_POSITION = r"""---
title: t
algoverify:
  checks:
    - id: root
      kind: property
      listing: 1
      inputs: {tau: 1e-12, N: 500}
      draw: {s: "uniform(1, 10)"}
      let: {f(t): 't^{3} - s', a: '0', b: 's + 1'}
      holds: '\lvert c^{3} - s \rvert \le 10^{-6}'
---

PROSE

\begin{algorithmic}[1]
\Require REQUIRE
\For{\(k = 1, \dots, N\)}
  \State \(c \gets \frac{a f(b) - b f(a)}{f(b) - f(a)}\)
  \If{\(\lvert f(c) \rvert < \tau\)}
    \State \Return \(c\)
  \EndIf
  \If{\(f(a) f(c) < 0\)}
    \State \(b \gets c\)
  \Else
    \State \(a \gets c\)
  \EndIf
\EndFor
\State \Return \(c\)
\end{algorithmic}
"""


@pytest.mark.parametrize(
    ("require", "prose"),
    [
        (r"\(f\) continuous on \([a, b]\) with \(f(a) f(b) < 0\); a tolerance \(\tau\); \(N\)", ""),
        (r"\(f\), a tolerance \(\tau\), \(N\)", r"Let \(f\) be continuous on \([a, b]\) with \(f(a) f(b) < 0\)."),
    ],
)
def test_the_ends_of_the_interval_a_function_is_given_on_are_inputs(tmp_path, require, prose):
    # round 190: regula falsi's "\Require \(f\) continuous on \([a, b]\) with \(f(a) f(b) < 0\)" took f but
    # not a and b: a check's let: {a: …, b: …} gave them nothing, and every check was AV303 "a is not defined"
    note = written_note(tmp_path, FALSE_POSITION.replace("REQUIRE", require).replace("PROSE", prose))
    assert {"a", "b"} <= set(api.load(note).listings[0].inputs)
    (o,) = api.check([note]).notes[0].outcomes
    assert o.status == "verified", o.message


APPEND = r"""---
title: t
algoverify:
  checks:
    - id: last
      kind: property
      listing: 1
      inputs: {m: "integers(1, 5)", A: "randn(m)", x: "uniform(-1, 1)"}
      holds: 'HOLDS'
---

\begin{algorithmic}[1]
\Require an array \(A[1 \twodots n]\) and a number \(x\)
\State \(n \gets n + 1\)
\State \(A[n] \gets x\)
\State \Return \(A\)
\end{algorithmic}
"""


@pytest.mark.parametrize(
    ("holds", "status"),
    [("A_{n + 1} = x", "could not check"), ("A_{n^{(0)} + 1} = x", "verified"), ("A_n = x", "verified")],
)
def test_a_size_the_listing_changes_reads_as_left_and_as_given_with_its_entry_value(tmp_path, holds, status):
    # round 191: a heap insertion's holds: over \{2, \dots, n + 1\} after n \gets n + 1 was "index 3 is out of
    # range 1..2 in A_i" with no word of which n; n^{(0)} of the size was "not defined"
    (o,) = api.check([written_note(tmp_path, APPEND.replace("HOLDS", holds))]).notes[0].outcomes
    assert o.status == status, o.message
    if status == "could not check":
        assert "which the listing changes" in o.message and "has no value" in o.message


def test_missing_inputs_the_prose_introduced_in_one_sentence_are_said_once(tmp_path):
    text = WEIGHTS.replace(
        r"The weights \(w_1, \dots, w_n\) are given.",
        r"The weights \(w_1, \dots, w_n\) and \(v_1, \dots, v_n\) are given.",
    ).replace(r"\sum_{i=1}^{n} w_i^2", r"\sum_{i=1}^{n} w_i v_i")
    (f,) = [f for f in api.lint([written_note(tmp_path, text)]).notes[0].findings if f.code == "AV307"]
    assert "the prose at line 12 introduces v, w" in f.message or "the prose at line 12 introduces w, v" in f.message
    assert f.message.count("the prose at line") == 1, f.message


TIMES = r"""---
title: t
---

The activities have start and finish times given as arrays \(s\) and \(f\) of length \(n\).

\begin{algorithmic}[1]
\Require \(s\), \(f\)
\State \(t \gets s_1 + f_1\)
\State \Return \(t\)
\end{algorithmic}
"""


def test_names_joined_by_and_before_of_length_have_that_length_each(tmp_path):
    # round 188: "arrays \(s\) and \(f\) of length \(n\)" sized f only; s of another length ran silently
    listing = api.load(written_note(tmp_path, TIMES)).listings[0]
    mismatch = listing.run({"s": [1.0, 2.0], "f": [1.0, 2.0, 3.0]}).finding
    assert mismatch is not None and mismatch.code == "AV307", mismatch
    assert listing.run({"s": [1.0, 2.0], "f": [3.0, 4.0]}).value == 4.0
