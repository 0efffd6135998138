r"""Rounds 87 to 89 (new users' notes, written from the docs alone): what they found, held.

The fixtures are ours, written for these tests: a damped oscillator step that compares its final
energy with the initial one, a gradient loop whose constant the prose names, a curve evaluated
from its control points.
"""

from __future__ import annotations

import numpy as np
import pytest

import algoverify
from algoverify import api
from algoverify.checking.specification.cues import cues
from algoverify.running.input_help import describe_inputs
from algoverify.running.listing import ExecutionError

ENERGY = r"""---
title: t
---

A step of the oscillator, for a step size \(h\) and a count \(N\). <before>

\begin{algorithmic}[1]
\Function{Step}{\(x_0, v_0, h, N\)}
  \State \(x \gets x_0\)
  \State \(v \gets v_0\)
  \For{\(k \gets 1\) \textbf{to} \(N\)}
    \State \(v \gets v - h x\)
    \State \(x \gets x + h v\)
  \EndFor
  \State \(E \gets (x^{2} + v^{2}) / 2\)
  \State \(\delta \gets E - E_0\)
  \State \Return \(E, \delta\)
\EndFunction
\end{algorithmic}

<after>
"""
DELTA_AT = (16, ENERGY.splitlines()[15].index("E_0") + 1)


@pytest.mark.parametrize(
    ("before", "after", "line"),
    [
        (r"Write \(E_0\) for the energy at the start.", "", 5),
        ("", r"Write \(E_0\) for the energy at the start.", 21),
        ("", r"Here \(E_0\) denotes the energy of the first state, which the loop keeps close.", 21),
    ],
    ids=["words before the listing", "words after it", "denotes, after it"],
)
def test_the_initial_value_of_a_number_the_listing_sets_is_a_name_lint_asks_for(tmp_path, before, after, line):
    # round 88: E_0 was read as entry 0 of the number E; lint was silent and the run failed with
    # "E_0 indexes a scalar value"
    note = tmp_path / "step.md"
    note.write_text(ENERGY.replace("<before>", before).replace("<after>", after))
    result = api.lint([note])
    (found,) = [f for f in result.all_findings() if f.code == "AV303"]
    assert found.message.startswith(f"E_0 is not defined: the prose at line {line} says what it is only in words")
    assert result.sources[note].line_col(found.span.start) == DELTA_AT


def test_an_initial_value_nothing_names_is_still_a_name_lint_asks_for(tmp_path):
    note = tmp_path / "step.md"
    note.write_text(ENERGY.replace("<before>", "").replace("<after>", ""))
    result = api.lint([note])
    (found,) = [f for f in result.all_findings() if f.code == "AV303"]
    assert found.message.startswith(r"E_0 is not defined: declare \(E_{0}\) in \Require")
    assert result.sources[note].line_col(found.span.start) == DELTA_AT


@pytest.mark.parametrize(
    ("before", "after"),
    [
        (r"Let \(E_0 = (x_0^{2} + v_0^{2}) / 2\) be the energy at the start.", ""),
        ("", r"Here \(E_0 = (x_0^{2} + v_0^{2}) / 2\) is the energy at the start."),
    ],
    ids=["defined before", "defined after"],
)
def test_an_initial_value_the_prose_defines_is_computed(tmp_path, before, after):
    note = tmp_path / "step.md"
    note.write_text(ENERGY.replace("<before>", before).replace("<after>", after))
    assert [f.code for f in api.lint([note]).all_findings()] == []
    (listing,) = algoverify.load(note).listings
    energy, delta = listing(x_0=1.0, v_0=0.5, h=0.1, N=3)
    assert delta == pytest.approx(energy - 0.625)


def test_a_vector_set_whole_is_still_read_by_entry(tmp_path):
    # only a 0 below a number the listing sets whole: v_1 of a vector it sets whole is its first entry
    note = tmp_path / "first.md"
    note.write_text(
        "---\ntitle: t\n---\n\n\\begin{algorithmic}[1]\n\\Require \\(A\\), \\(w\\)\n"
        "\\State \\(v \\gets A w\\)\n\\State \\(s \\gets v_1 + 1\\)\n\\State \\Return \\(s\\)\n\\end{algorithmic}\n"
    )
    assert [f.code for f in api.lint([note]).all_findings()] == []
    (listing,) = algoverify.load(note).listings
    assert listing(A=np.array([[1.0, 2.0], [3.0, 4.0]]), w=np.array([1.0, 1.0])) == 4.0


def test_the_prose_after_a_listing_adds_no_condition_to_a_bound_name(tmp_path):
    # what the prose says after a listing of a name the listing binds is a claim, never a precondition
    note = tmp_path / "step.md"
    prose = r"Let \(E_0 = v_0^{2}\). For \(h > 0\) and \(x_0 > 1\) the energy grows."
    note.write_text(ENERGY.replace("<before>", "").replace("<after>", prose))
    (listing,) = algoverify.load(note).listings
    said = describe_inputs(listing)
    assert "h > 0" not in said and "x_0 > 1" not in said
    energy, delta = listing(x_0=0.5, v_0=1.0, h=-0.1, N=1)  # no precondition stops h < 0
    assert delta == pytest.approx(energy - 1.0)


CURVE = r"""---
title: t
algoverify:
  checks:
    - id: curve
      kind: property
      listing: 1
      claim: "<claim>"
      inputs: {n: "integers(1, 4)", B: "randn(n + 1, 2)", t: "uniform(0, 1)"}
      holds: '<holds>'
---

Let \(b_0, \dots, b_n\) be control points, stored as the rows of an \((n + 1) \times 2\) matrix
\(B\), and \(t \in [0, 1]\); set \(b_i^0 = b_i\). <lead>
\[ <display> \]

\begin{algorithmic}[1]
\Function{Curve}{\(b_0, \dots, b_n, t\)}
  \For{\(r \gets 1\) \textbf{to} \(n\)}
    \For{\(i \gets 0\) \textbf{to} \(n - r\)}
      \State \(b_i^r \gets (1 - t) b_i^{r-1} + t b_{i+1}^{r-1}\)
    \EndFor
  \EndFor
  \State \(p \gets b_0^n\)
  \State \Return \(p\)
\EndFunction
\end{algorithmic}
"""


def _curve(tmp_path, claim="the curve starts at the first point", holds=r"t \ge 0", lead="", display="p = q"):
    note = tmp_path / "curve.md"
    text = CURVE.replace("<claim>", claim).replace("<holds>", holds)
    note.write_text(text.replace("<lead>", lead).replace("<display>", display))
    return note


def _unverified_equations(note) -> list[str]:
    return [f.message for f in api.check([note]).notes[0].findings if f.code == "AV602"]


@pytest.mark.parametrize(
    ("lead", "display"),
    [
        ("The curve they define is", r"p(t) = \sum_{i=0}^{n} \binom{n}{i} t^{i} (1 - t)^{n - i} b_i ,"),
        (r"Let \(g\) be the function", r"g(x) = x^{2} - 2,"),
        ("The weight of the first point is", r"w = (1 - t)^{n} ."),
    ],
    ids=["a curve", "a function after let", "one name"],
)
def test_a_display_that_defines_a_name_is_no_unverified_equation(tmp_path, lead, display):
    # rounds 87 and 88: "Let f be the function \[ f(x) = x^2 - 2 \]" was AV602, an unchecked claim
    assert _unverified_equations(_curve(tmp_path, lead=lead, display=display)) == []


@pytest.mark.parametrize(
    ("lead", "display"),
    [
        ("After the last level the listing returns exactly", r"b_0^n = p(t) ."),
        ("The curve agrees with the first point at the start, so", r"p(0) = b_0 + 0 t ."),
        ("Each coordinate stays in the box:", r"\min_i B_{i,0} \le p_0 \le \max_i B_{i,0} ."),
    ],
    ids=["a subscripted result", "a claim word before it", "an inequality"],
)
def test_a_display_that_claims_is_still_unverified(tmp_path, lead, display):
    assert _unverified_equations(_curve(tmp_path, lead=lead, display=display)) == ["equation 1 has no check (a property or equation check says which it backs with equation: 1)"]


def test_a_display_a_checks_quote_runs_into_is_covered(tmp_path):
    # round 89: a property check that quotes the words leading into a display checks that display
    lead = "each coordinate of the point stays between the extreme control points:"
    note = _curve(
        tmp_path,
        claim="each coordinate of the point stays between the extreme control points",
        holds=r"\min_i B_{i,0} \le p_0 \land p_0 \le \max_i B_{i,0}",
        lead=lead[0].upper() + lead[1:],
        display=r"\min_i B_{i,0} \le p_0 \le \max_i B_{i,0} .",
    )
    report = api.check([note]).notes[0]
    assert [o.status for o in report.outcomes] == ["verified"]
    assert [f.code for f in report.findings if f.code == "AV602"] == []


def test_run_takes_the_matrix_whose_rows_are_the_family(tmp_path):
    # round 88: `run --set B=…` was "unknown input(s) B", where the checks drew B and bound its rows
    note = _curve(tmp_path)
    (listing,) = algoverify.load(note).listings
    points = np.array([[0.0, 0.0], [1.0, 2.0], [2.0, 0.0]])
    assert list(listing(B=points, t=0.5)) == [1.0, 1.0]
    assert list(listing(b=points, t=0.5)) == [1.0, 1.0]


def test_a_zero_based_index_past_the_end_names_both_ways_a_note_counts_from_zero(tmp_path):
    # round 88: the hint credited an `index_base: 0` the note did not have (its family is written from 0)
    note = _curve(tmp_path, claim="the curve ends in the plane", holds=r"B_{0,2} \ge p_0")
    (outcome,) = api.check([note]).notes[0].outcomes
    assert outcome.status == "could not check"
    assert "this listing counts from 0, as the note's `index_base: 0` or a family written from 0 says" in (
        outcome.message
    )


@pytest.mark.parametrize(
    "sentence",
    [
        # round 87: a corollary's number in a citation was a quantity
        "Banach's theorem (Smith, *Analysis*, Thm. 2.4 and Cor. 2.5) gives both at once.",
        "The lemma (Lem. 3.1 and Prop. 4.2) is used.",
        # round 87: where the listing keeps a count is no claim of its value
        r"The procedure counts its moves: the number of moves it makes is counted in \(c\).",
        r"The number of moves it makes is stored in \(c\).",
        # round 89: the method's own stopping rule, with the bounds of its parameters
        r"The iteration stops once the residual falls to a tolerance \(\tau > 0\).",
        r"The method terminates when the step is below \(\epsilon\), or after \(K\) passes.",
        # rounds 88 and 89: how many steps a parameter sets
        r"The method takes \(N \ge 1\) steps of equal length.",
        r"The scheme performs \(K\) iterations.",
    ],
)
def test_setup_sentences_are_no_claims(sentence):
    assert cues(sentence) == []


@pytest.mark.parametrize(
    "sentence",
    [
        r"The number of moves is at most \(n^{2}\).",
        r"The method stops after at most \(n\) steps.",
        "The two estimates are equal.",
        r"The method takes \(n - 1\) steps.",
        r"The iteration stops once the residual is small, and then the error is at most \(\tau\).",
    ],
)
def test_a_count_a_stop_or_an_equality_claimed_is_still_a_claim(sentence):
    assert cues(sentence) != []


def _inputs(tmp_path, prose: str) -> dict[str, str]:
    note = tmp_path / "bb.md"
    note.write_text(
        "---\ntitle: t\n---\n\n" + prose + "\n\n\\begin{algorithmic}[1]\n\\Function{G}{\\(x, \\tau, K\\)}\n"
        "  \\For{\\(k \\gets 1\\) \\textbf{to} \\(K\\)}\n"
        "    \\If{\\(\\lvert x \\rvert < \\tau\\)}\n      \\State \\Return \\(x\\)\n    \\EndIf\n"
        "    \\State \\(x \\gets x / 2\\)\n  \\EndFor\n  \\State \\Return \\(x\\)\n\\EndFunction\n\\end{algorithmic}\n"
    )
    (listing,) = algoverify.load(note).listings
    return {line.split()[0]: line for line in describe_inputs(listing).splitlines() if line.startswith("  ")}


def test_parameters_introduced_with_bounds_in_a_stopping_rule_are_preconditions(tmp_path):
    # round 89: "once" made the sentence's relations conditions of the stop, so tau > 0 and K >= 1
    # were not tested on entry, and run took tau = -1
    said = _inputs(
        tmp_path,
        r"The loop stops once \(\lvert x \rvert\) falls to a tolerance \(\tau > 0\), or after a fixed "
        r"number \(K \ge 1\) of passes.",
    )
    assert r"\tau > 0" in said["tau"] and r"K \ge 1" in said["K"]


def test_a_relation_under_if_is_still_a_condition(tmp_path):
    said = _inputs(tmp_path, r"If \(\tau > 0\) the loop may stop early; it makes \(K\) passes at most.")
    assert ">" not in said["tau"]


GRADIENT = r"""---
title: t
algoverify:
  checks:
    - id: descends
      kind: property
      listing: 1
      inputs: {A: "spd(3)", x: "randn(3)", K: 5}
      holds: 'x^{\top} A x \ge 0'
---

Let \(A\) be a symmetric positive definite matrix, <words>

\begin{algorithmic}[1]
\Function{Descend}{\(A, x, K\)}
  \For{\(k \gets 1\) \textbf{to} \(K\)}
    \State \(x \gets x - A x / L\)
  \EndFor
  \State \Return \(x\)
\EndFunction
\end{algorithmic}
"""


@pytest.mark.parametrize(
    ("words", "said"),
    [
        ("where L is the largest eigenvalue of A.", "the largest eigenvalue of A"),
        ("with L the largest eigenvalue of A.", "the largest eigenvalue of A"),
        (r"where \(L\) is the largest eigenvalue of \(A\).", r"the largest eigenvalue of \(A\)"),
    ],
    ids=["where, plain letters", "with, plain letters", "where, in math"],
)
def test_a_constant_said_in_words_gets_one_finding_that_says_why(tmp_path, words, said):
    # round 89: in plain letters the message was the generic one; in math, AV307 "missing input(s) L"
    # at each check came with it, as if the check should draw what the prose defines
    note = tmp_path / "descend.md"
    note.write_text(GRADIENT.replace("<words>", words))
    findings = api.lint([note]).all_findings()
    assert [f.code for f in findings if f.severity.name == "ERROR"] == []
    (found,) = [f for f in findings if f.code == "AV303"]
    assert found.message.startswith(
        f"L is not defined: the prose at line 12 says what it is only in words ({said}), which a run cannot compute"
    )
    (outcome,) = api.check([note]).notes[0].outcomes
    assert outcome.status == "could not check"
    assert f"says what it is only in words ({said})" in outcome.message


def test_a_run_without_the_constant_says_what_is_missing(tmp_path):
    note = tmp_path / "descend.md"
    note.write_text(GRADIENT.replace("<words>", "where L is the largest eigenvalue of A."))
    (listing,) = algoverify.load(note).listings
    with pytest.raises(ExecutionError, match="L is not defined"):
        listing(A=np.eye(2), x=np.ones(2), K=1)
