r"""Rounds 158 and after (new users' notes, written from the docs alone): what they found, held.

The fixtures are ours, written for these tests after the shape of a listing a round wrote.
"""

from __future__ import annotations

import pytest
from helpers import written_note

import algoverify
from algoverify import api

BISECT = r"""---
title: t
algoverify:
  checks:
    - id: close
      kind: property
      listing: Bisect
      claim: 'The returned point is within \(\tau\) of the root.'
      inputs: {a: 0, b: 4, tau: 1e-6}
      draw: {c: "<c>"}
      let: {'f(t)': 't - c'}
      holds: '\lvert x - c \rvert \le \tau'
    - id: halves
      kind: property
      listing: Bisect
      claim: 'every pass halves the bracket'
      inputs: {a: 0, b: 4, tau: 1e-6}
      draw: {c: "<c>"}
      let: {'f(t)': 't - c'}
      at: '\While'
      holds: '\lvert x_2 - x_1 \rvert \le \frac{1}{2} \lvert x_2^{(\mathrm{prev})} - x_1^{(\mathrm{prev})} \rvert'
---

Let \(f\) be continuous on \([a, b]\) with a sign change and \(\tau > 0\) a tolerance.

\begin{algorithmic}[1]
\Function{Bisect}{\(f, a, b, \tau\)}
  \State \(x_1 \gets a\), \(x_2 \gets b\)
  \While{\(\lvert x_2 - x_1 \rvert > \tau\)}
    \State \(x_3 \gets (x_1 + x_2) / 2\)
    \If{\(f(x_3) = 0\)}
      \State \Return \(x_3\)
    \EndIf
    \If{\(f(x_1) f(x_3) < 0\)}
      \State \(x_2 \gets x_3\)
    \Else
      \State \(x_1 \gets x_3\)
    \EndIf
  \EndWhile
  \State \Return \(x = (x_1 + x_2) / 2\)
\EndFunction
\end{algorithmic}

The returned point is within \(\tau\) of the root, and every pass halves the bracket.
"""


@pytest.mark.parametrize("c", ["integers(1, 3)", "uniform(0.1, 3.9)"])
def test_a_loop_left_by_a_return_is_not_tested_at_an_end_it_never_reached(tmp_path, c):
    # round 160: Ridders' \Return x_4 on an exact hit left the loop mid-pass, and the invariant was
    # tested once more "when the loop ends" on the unchanged bracket: a true claim refuted "on pass 11"
    report = api.check([written_note(tmp_path, BISECT.replace("<c>", c))])
    statuses = {o.check.id: o.status for o in report.notes[0].outcomes}
    assert statuses == {"close": "verified", "halves": "verified"}, report.notes[0].outcomes


def test_the_value_one_return_names_is_the_output_the_others_return_members_of(tmp_path):
    # round 160: \Return x_4 beside \Return x = (x_1 + x_2)/2 named the output `result`, and x read
    # whole was the points x_1, …, x_4: lint said AV305 and check compared every point with τ
    note = written_note(tmp_path, BISECT.replace("<c>", "uniform(0.1, 3.9)"))
    (listing,) = algoverify.load(note).listings
    assert listing.outputs == ("x",)
    assert not [f for f in api.lint([note]).notes[0].findings if f.code == "AV305"]


def test_a_loops_end_is_said_as_its_end_not_as_one_more_pass(tmp_path):
    text = BISECT.replace("<c>", "uniform(0.1, 3.9)").replace(r"\le \tau'", r"\le \tau'", 1)
    # a relation that fails only at the loop's end: the bracket is above the tolerance on every pass
    text = text.replace(
        r"holds: '\lvert x_2 - x_1 \rvert \le \frac{1}{2} \lvert x_2^{(\mathrm{prev})} - x_1^{(\mathrm{prev})} \rvert'",
        r"holds: '\lvert x_2 - x_1 \rvert > \tau'",
    )
    report = api.check([written_note(tmp_path, text)])
    (halves,) = [o for o in report.notes[0].outcomes if o.check.id == "halves"]
    assert halves.status == "refuted"
    message = " ".join(f.message for f in halves.findings)
    assert "at the loop's end, after pass" in message and "on pass" not in message, message


GROWTH = r"""---
title: t
algoverify:
  checks:
    - id: step
      kind: property
      listing: 1
      claim: 'each step adds the gain times the increment'
      inputs: {N: "integers(5, 20)", x_0: "uniform(-10, 10)", u: "randn(N)"}
      let: {'b(x)': '1 + x^2'}
      holds: '\forall n \in \{0, \dots, N - 1\}: X_{n+1} - X_n = (1 + X_n^2) u_{n+1}'<given>
---

Let \(b(x) = 1 + x^{2}\) be the gain and \(u_1, \dots, u_N\) the increments.

\begin{algorithmic}[1]
\Require start \(x_0\), increments \(u_1, \dots, u_N\)
\State \(X_0 \gets x_0\)
\For{\(n = 0, \dots, N - 1\)}
  \State \(X_{n+1} \gets X_n + b(X_n) u_{n+1}\)
\EndFor
\State \Return \(X_0, \dots, X_N\)
\end{algorithmic}

Each step adds the gain times the increment.
"""


def test_a_run_past_the_floats_range_is_a_draw_skipped_and_prints_no_warning(tmp_path, capfd):
    # round 158: an Euler–Maruyama path with b(x) = 1 + x^2 overflowed: the run failed (AV302) and the
    # true claim was refuted, or the let:'s b made infinities silently and the relation was blamed;
    # NumPy's RuntimeWarnings went to stderr. What the floats cannot hold is untested, never refuted
    report = api.check([written_note(tmp_path, GROWTH.replace("<given>", ""))])
    (o,) = report.notes[0].outcomes
    assert o.status == "verified", o
    assert "draws skipped: the run's values left the floats' range (overflow at line 20)" in o.message, o.message
    assert "RuntimeWarning" not in capfd.readouterr().err


INFINITE = r"""---
title: t
algoverify:
  checks:
    - id: c
      kind: property
      draw: {x: "uniform(800, 900)"}
      let: {z: '\exp(x)'}
      holds: '\sin z \le 1'
---

Prose.
"""


def test_a_relation_that_reads_an_infinity_says_so_rather_than_blaming_its_arithmetic(tmp_path):
    report = api.check([written_note(tmp_path, INFINITE)])
    (o,) = report.notes[0].outcomes
    assert o.status == "could not check", o
    assert "it reads z, infinite (past the floats' range)" in o.message, o.message


def test_a_given_over_the_run_keeps_out_a_run_whose_floats_overflowed(tmp_path):
    # round 158: `given:` over the path (|X_n| < 10^{100}) was never asked when the run failed with AV302
    # (inf - inf in the step), and the true claim was refuted on that run
    given = "\n      given: '\\forall n \\in \\{0, \\dots, N\\}: \\lvert X_n \\rvert < 10^{100}'"
    report = api.check([written_note(tmp_path, GROWTH.replace("<given>", given))])
    (o,) = report.notes[0].outcomes
    assert o.status == "verified", o
    assert "before `given:` could be decided" in o.message or "`given:` was false" in o.message, o.message


def test_structured_members_of_a_scaled_normal_draw_are_at_its_scale():
    # round 158: randn(N, scale=0.01) tried the ±1 patterns and small integers up to ±2, two hundred
    # standard deviations out; the members keep their pattern at the draw's scale
    import numpy as np

    from algoverify.running.structured import ROWS, member

    rng = np.random.default_rng(0)
    for row in ROWS:
        value = member("randn", row, rng, 6, scale=0.01)
        if value is not None:
            assert np.max(np.abs(value)) <= 0.02 + 1e-15, (row, value)
    assert np.array_equal(member("randn", "signs", rng, 4, scale=0.5), 0.5 * member("randn", "signs", rng, 4))


GAPS = r"""---
title: t
---

Shell sort with a decreasing sequence of gaps.

\begin{algorithmic}[1]
\Require array \(A[1..n]\), gaps \(g_1 > g_2 > \dots > g_t = 1\)
\For{\(k = 1, \dots, t\)}
  \For{\(i = g_k + 1, \dots, n\)}
    \State \(v \gets A[i]\), \(j \gets i\)
    \While{\(j > g_k\) \textbf{and} \(A[j - g_k] > v\)}
      \State \(A[j] \gets A[j - g_k]\), \(j \gets j - g_k\)
    \EndWhile
    \State \(A[j] \gets v\)
  \EndFor
\EndFor
\State \Return \(A\)
\end{algorithmic}
"""


@pytest.mark.parametrize(("gaps", "sorted_"), [([4, 1], True), ([4, 2], None)])
def test_the_value_a_chain_gives_its_last_member_is_a_precondition(tmp_path, gaps, sorted_):
    # round 159: `h_1 > h_2 > \dots > h_t = 1` kept the order and dropped h_t = 1: gaps ending in 2 ran
    # silently and returned an unsorted array
    (listing,) = algoverify.load(written_note(tmp_path, GAPS)).listings
    result = listing.run({"A": [5.0, 2.0, 9.0, 1.0, 5.0, 6.0, 0.0, 3.0], "g": gaps})
    if sorted_:
        assert result.finding is None and list(result.value) == sorted([5, 2, 9, 1, 5, 6, 0, 3])
    else:
        assert result.finding is not None and result.finding.code == "AV309", result.finding
        assert "g_t = 1" in result.finding.message


UNIT = r"""---
title: t
---

\begin{algorithmic}[1]
\Require a vector \(w\) with \(\lVert w \rVert = 1\), a point \(x\) of the same length
\State \(y \gets w^{\top} x\)
\State \Return \(y\)
\end{algorithmic}
"""


@pytest.mark.parametrize(("w", "holds"), [([0.7071067811865475] * 2, True), ([0.8, 0.8], False)])
def test_an_equality_a_require_states_holds_up_to_rounding(tmp_path, w, holds):
    # round 159: Oja's ‖w‖ = 1 was tested exactly: 0.9999999999999999 of a normalised vector broke it,
    # and half the draws of a unit-vector generator were skipped
    (listing,) = algoverify.load(written_note(tmp_path, UNIT)).listings
    result = listing.run({"w": w, "x": [1.0, 2.0]})
    assert (result.finding is None) is holds, result.finding


NEWTON = r"""---
title: t
algoverify:
  checks:
    - id: root
      kind: property
      listing: 1
      inputs: {a: "uniform(1, 9)", <start>: "uniform(1, 9)", N: 60}
      let: {f(t): 't^2 - a', "f'(t)": '2 t'}
      holds: 'x = \sqrt{a}'
---

Newton's method for a root of \(f\), with its derivative \(f'\).

\begin{algorithmic}[1]
\Require \(f\) and its derivative \(f'\), a start \(x^{(0)}\), a number of steps \(N\)
\State \(x \gets x^{(0)}\)
\For{\(k = 1, \dots, N\)}
  \State \(x \gets x - f(x) / f'(x)\)
\EndFor
\State \Return \(x\)
\end{algorithmic}
"""


@pytest.mark.parametrize("start", ['"x^{(0)}"', "x_of_0"])
def test_keys_written_as_the_note_writes_the_names_are_those_names(tmp_path, start):
    # round 158: let: {"f'(t)": …} was AV501 "must be NAME or NAME(PARAMS)" (the name is f_prime);
    # round 160: inputs: {"x^{(0)}": …} was AV307 "missing input x_of_0", though let: keys take LaTeX
    report = api.check([written_note(tmp_path, NEWTON.replace("<start>", start))])
    (o,) = report.notes[0].outcomes
    assert o.status == "verified", o


WEIGHTS = r"""---
title: t
algoverify:
  checks:
    - id: bound
      kind: property
      listing: 1
      inputs: {n: "integers(2, 4)", W: "uniform(1, 2, n, n)"}
      let: {'w_{\max}': '\max \{ w_{ij} : i, j \in \{1, \dots, n\}, w_{ij} < \infty \}'}
      holds: '\forall i, j \in \{1, \dots, n\}: d_{ij} \le (n - 1) w_{\max}'
---

Let \(W\) be an \(n \times n\) matrix of weights \(w_{ij}\), and \(w_{\max}\) the largest finite one.

\begin{algorithmic}[1]
\Require weights \(W \in \mathbb{R}^{n \times n}\)
\State \(D \gets W\)
\For{\(k = 1, \dots, n\)}
  \For{\(i = 1, \dots, n\)}
    \For{\(j = 1, \dots, n\)}
      \State \(d_{ij} \gets \min(d_{ij}, d_{ik} + d_{kj})\)
    \EndFor
  \EndFor
\EndFor
\State \Return \(D\)
\end{algorithmic}
"""


def test_a_subscript_that_is_a_word_labels_a_name_and_a_set_builder_ranges_two_indices(tmp_path):
    # round 158: w_{\max} beside the entries w_{ij} of W was read as W's entry "max" (AV303, and a key
    # W_max worked silently); \{w_{ij} : i, j \in S, …\} "named no finite set"
    note = written_note(tmp_path, WEIGHTS)
    assert not [f for f in api.lint([note]).notes[0].findings if f.code in ("AV303", "AV308")]
    (o,) = api.check([note]).notes[0].outcomes
    assert o.status == "verified", o


STEPS = r"""---
title: t
algoverify:
  checks:
    - id: sum
      kind: property
      listing: 1
      inputs: {N: "integers(1, 12)", x_0: "uniform(-1, 1)", Delta_W: "randn(N)"}
      holds: 'X_N = x_0 + \sum_{n=1}^{N} \Delta W_n'
---

\begin{algorithmic}[1]
\Require a start \(x_0\), increments \(\Delta W_1, \dots, \Delta W_N\)
\State \(X_0 \gets x_0\)
\For{\(n = 0, \dots, N - 1\)}
  \State \(X_{n+1} \gets X_n + \Delta W_{n+1}\)
\EndFor
\State \Return \(X_0, \dots, X_N\)
\end{algorithmic}
"""


def test_a_value_set_by_the_name_the_spec_draws_is_the_value_the_trial_uses(tmp_path):
    # round 158: `run --check … --set Delta_W=[…]` of a check drawing Delta_W (the listing's DeltaW) was
    # silently replaced by a draw: "N = 2 was given, but DeltaW has 11 members"
    note = written_note(tmp_path, STEPS)
    report = api.reproduce(note, "sum", {"N": 2, "x_0": 1.0, "Delta_W": [0.25, -0.5]})
    (o,) = report.outcomes
    assert o.status == "verified", o.message
    assert "X_N = 0.75" in " ".join(o.details.get("compared", [])), o.details


QUADRATIC = r"""---
title: t
algoverify:
  checks:
    - id: ref
      kind: reference
      listing: 1
      <key>
      reference: numpy.multiply
      inputs: {lam: "uniform(1, 2, 3)", x: "randn(3)"}
---

Let \(\lambda_1, \dots, \lambda_d > 0\) be curvatures and consider the quadratic

\[
f(x) = \frac{1}{2} \sum_{i=1}^{d} \lambda_i x_i^{2}, \qquad \nabla f(x) = \lambda \odot x .
\]

\begin{algorithmic}[1]
\Require curvatures \(\lambda \in \mathbb{R}^{d}\), a point \(x \in \mathbb{R}^{d}\)
\State \Return \(\lambda \odot x\)
\end{algorithmic}
"""


def test_a_display_of_definitions_needs_no_check_and_a_misplaced_equation_key_says_where_it_goes(tmp_path):
    # round 161: "f(x) = …, \qquad \nabla f(x) = …" was AV602 (it defines f and names its gradient), and
    # `equation: 1` on a reference check was "unknown key … (did you mean function?)"
    report = api.check([written_note(tmp_path, QUADRATIC.replace("<key>", ""))])
    assert not [f for f in report.notes[0].findings if f.code == "AV602"], report.notes[0].findings
    (bad,) = [
        f
        for f in api.lint([written_note(tmp_path, QUADRATIC.replace("<key>", "equation: 1"))]).notes[0].findings
        if f.code == "AV501"
    ]
    assert "is a property or equation check's" in bad.message and "did you mean" not in bad.message, bad.message


ROWS = r"""---
title: t
algoverify:
  checks:
    - id: total
      kind: property
      listing: 1
      inputs: {T: "integers(1, 6)", d: "integers(1, 4)", Z: "randn(T, d)"}
      let: {X: 'Z + 1'}
      holds: '\sum_{i=1}^{d} s_i = \sum_{t=1}^{T} \sum_{i=1}^{d} (Z_{ti} + 1)'
---

Let \(x_1, \dots, x_T \in \mathbb{R}^{d}\) be data points, stored as the rows of a \(T \times d\)
matrix \(X\).

\begin{algorithmic}[1]
\Require data points \(x_1, \dots, x_T \in \mathbb{R}^{d}\)
\State \(s \gets 0\)
\For{\(t = 1, \dots, T\)}
  \State \(s \gets s + x_t\)
\EndFor
\State \Return \(s\)
\end{algorithmic}
"""


def test_a_let_of_the_matrix_whose_rows_the_listing_takes_gives_those_rows(tmp_path):
    # round 159: Oja's points x_1, …, x_T "stored as the rows of a T × d matrix X", and a check's
    # let: {X: 'Z - Z w w^T'}: lint said "missing input x … it never reads Z: draw it as x", and the
    # check could not run, though inputs: {X: …} and run --set X=… were taken
    note = written_note(tmp_path, ROWS)
    assert not [f for f in api.lint([note]).notes[0].findings if f.code == "AV307"]
    (o,) = api.check([note]).notes[0].outcomes
    assert o.status == "verified", o


CUBE_ROOT = r"""---
title: t
algoverify:
  module: m.py
  checks:
    - id: passes
      kind: contract
      listing: 1
      inputs: {a: 0, b: 5, tau: 1e-6}
      draw: {c: "uniform(0.1, 100)"}
      let: {'f(t)': 't^{3} - c'}
      expect: {iterations: {at_most: '\lceil \log_2((b - a)/\tau) \rceil'}}
    - id: root
      kind: reference
      listing: 1
      reference: cube_root
      inputs: {a: 0, b: 5, tau: 1e-9}
      draw: {c: "uniform(0.1, 100)"}
      let: {'f(t)': 't^{3} - c'}
      rtol: 1e-6
---

\begin{algorithmic}[1]
\Require \(f\) continuous on \([a, b]\) with \(f(a) f(b) < 0\), a tolerance \(\tau > 0\)
\While{\(b - a > \tau\)}
  \State \(m \gets (a + b) / 2\)
  \If{\(f(a) f(m) \le 0\)}
    \State \(b \gets m\)
  \Else
    \State \(a \gets m\)
  \EndIf
\EndWhile
\State \Return \((a + b) / 2\)
\end{algorithmic}
"""

CUBE_MODULE = """
def cube_root(f, a, b, tau):
    lo, hi = a, b
    while hi - lo > 1e-12:
        mid = (lo + hi) / 2
        lo, hi = (lo, mid) if f(lo) * f(mid) <= 0 else (mid, hi)
    return (lo + hi) / 2
"""


def test_a_contract_and_a_reference_check_take_a_function_their_let_gives(tmp_path):
    # rounds 158 and 160: Halley's reference check and Ridders' contract gave the listing's f by `let:`,
    # as their property checks did, and were AV501 "unknown key let"
    (tmp_path / "m.py").write_text(CUBE_MODULE)
    note = written_note(tmp_path, CUBE_ROOT)
    assert not [f for f in api.lint([note]).notes[0].findings if f.code in ("AV501", "AV307")]
    statuses = {o.check.id: o.status for o in api.check([note]).notes[0].outcomes}
    assert statuses == {"passes": "verified", "root": "verified"}, statuses


THREE_POINTS = r"""---
title: t
algoverify:
  checks:
    - id: kept
      kind: property
      listing: 1
      inputs: {q_0: "uniform(-2, 2)", q_1: "uniform(-2, 2)", q_2: "uniform(-2, 2)"}
      let: {g(x): 'x^{3}'}
      holds: '\forall k \in \{0, 1, 2\}: \lvert q_k \rvert \le 2'
    - id: root
      kind: property
      listing: 1
      inputs: {q_0: "uniform(-2, 2)", q_1: "uniform(-2, 2)", q_2: "uniform(-2, 2)"}
      let: {g(x): 'x^{3}'}
      holds: '(q_3 - q_2)^{2} = c'
---

Let \(g\) be a real function and let \(q_0, q_1, q_2\) be three <distinct> points. The
square root may be complex, and then so is \(q_3\).

\begin{algorithmic}[1]
\Require function \(g\), <distinct> points \(q_0, q_1, q_2\)
\State \(s \gets (g(q_1) - g(q_0)) / (q_1 - q_0)\)
\State \(t \gets (g(q_2) - g(q_1)) / (q_2 - q_1)\)
\State \(c \gets (t - s) / (q_2 - q_0)\)
\State \(q_3 \gets q_2 + \sqrt{c}\)
\State \Return \(q_3\)
\end{algorithmic}
"""


def test_distinct_points_listed_apart_a_complex_root_and_members_given_before_one_set(tmp_path):
    # round 165 (Muller): "distinct points p_0, p_1, p_2" was said of f (the sentence's subject) and the equal
    # points of a structured trial divided by zero: refuted; a root the prose says may be complex was NaN:
    # refuted; p_k over k = 0, 1, 2 beside the p_3 the listing sets saw p_2 alone: "index 0 is out of range"
    report = api.check([written_note(tmp_path, THREE_POINTS.replace("<distinct>", "distinct"))])
    statuses = {o.check.id: o.status for o in report.notes[0].outcomes}
    assert statuses == {"kept": "verified", "root": "verified"}, report.notes[0].outcomes
    (listing,) = algoverify.load(written_note(tmp_path, THREE_POINTS.replace("<distinct>", "distinct"))).listings
    equal = listing.run({"g": lambda x: x**3, "q_0": 1.0, "q_1": 1.0, "q_2": 2.0})
    assert equal.finding is not None and equal.finding.code == "AV309" and "q_0 \\ne q_1" in equal.finding.message
    helped = {d.name: d for d in listing.context.inputs}
    assert not any(k == "distinct" for k, _, _ in helped["g"].properties)


def test_points_not_said_distinct_carry_no_such_precondition(tmp_path):
    (listing,) = algoverify.load(written_note(tmp_path, THREE_POINTS.replace("<distinct> ", ""))).listings
    equal = listing.run({"g": lambda x: x**3, "q_0": 1.0, "q_1": 1.0, "q_2": 2.0})
    assert equal.finding is not None and equal.finding.code == "AV302", equal.finding


CURVATURES = r"""---
title: t
---

Let \(c_1, \dots, c_n > 0\) be the curvatures of a diagonal quadratic and
\(W = \operatorname{diag}(c_1, \dots, c_n)\).

\begin{algorithmic}[1]
\Require a point \(x \in \mathbb{R}^{n}\)
\State \(g \gets W x\)
\State \Return \(g\)
\end{algorithmic}
"""


@pytest.mark.parametrize(("c", "code"), [([1.0, 4.0], None), ([-1.0, 4.0], "AV309"), ([1.0, 4.0, 5.0], "AV307")])
def test_a_family_the_prose_bounds_in_one_formula_is_that_family_and_the_bound_on_each(tmp_path, c, code):
    # round 164: "Let h_1, \dots, h_n > 0 be the curvatures" made h "a value": negative curvatures ran, and an h
    # longer than θ_0 was cut short without a word
    (listing,) = algoverify.load(written_note(tmp_path, CURVATURES)).listings
    result = listing.run({"c": c, "x": [1.0, 2.0]})
    assert (result.finding.code if result.finding is not None else None) == code, result.finding
    if code is None:
        assert list(result.value) == [1.0, 8.0]


LATE_DRAWS = r"""---
title: t
algoverify:
  checks:
    - id: total
      kind: property
      listing: 1
      inputs: {N: "integers(2, 9)", k: "integers(1, 1)", u: "uniform(0, 1, N - k)"}
      holds: 's = \sum_{i=k+1}^{N} u_i'
---

Let \(u_{k+1}, \dots, u_N\) be draws, uniform on \([0, 1)\).

\begin{algorithmic}[1]
\Require a count \(1 \le k < N\), draws \(u_{k+1}, \dots, u_N \in [0, 1)\)
\State \(s \gets 0\)
\For{\(i = k + 1, \dots, N\)}
  \State \(s \gets s + u_i\)
\EndFor
\State \Return \(s\)
\end{algorithmic}
"""


def test_a_family_numbered_from_a_formula_is_read_as_written(tmp_path):
    # round 163: Algorithm R's draws u_{k+1}, …, u_N made u "a value, from the spec": u_i at i = k + 1 was
    # "index 2 is out of range 1..1", and every true claim was refuted; lint said nothing
    note = written_note(tmp_path, LATE_DRAWS)
    (o,) = api.check([note]).notes[0].outcomes
    assert o.status == "verified", o
    (listing,) = algoverify.load(note).listings
    assert listing.run({"N": 4, "k": 1, "u": [0.25, 0.5, 0.125]}).value == 0.875
    short = listing.run({"N": 4, "k": 1, "u": [0.25, 0.5]})
    assert short.finding is not None and "u has 2 members, but u_{k+1}, \\dots, u_N has 3" in short.finding.message
    outside = listing.run({"N": 3, "k": 1, "u": [0.25, 1.5]})
    assert outside.finding is not None and outside.finding.code == "AV309", outside.finding


SUBDIAGONAL = r"""---
title: t
---

\begin{algorithmic}[1]
\Require subdiagonal \(a_2, \dots, a_n\), right-hand side \(d \in \mathbb{R}^{n}\)
\State \(s \gets d_1\)
\For{\(i = 2, \dots, n\)}
  \State \(s \gets s + a_i d_i\)
\EndFor
\State \Return \(s\)
\end{algorithmic}
"""


def test_a_size_found_from_a_family_is_said_as_found_and_as_its_last_index(tmp_path):
    # round 162: "AV307 n = 4 was given, but d has length 3" when n came from a_2, …, a_n, never given;
    # --help-inputs called n the "length" of a_2, …, a_n
    from algoverify.running.runcmd import describe_inputs

    (listing,) = algoverify.load(written_note(tmp_path, SUBDIAGONAL)).listings
    assert "n  last index of the family a (a_2, …, a_n)" in describe_inputs(listing)
    result = listing.run({"a": [1.0, 1.0, 1.0], "d": [1.0, 2.0, 3.0]})
    assert result.finding is not None and result.finding.code == "AV307"
    assert "a has 3 members, which make n = 4, but d has length 3" in result.finding.message, result.finding.message
    assert listing.run({"a": [1.0, 1.0], "d": [1.0, 2.0, 3.0]}).value == 6.0


@pytest.mark.parametrize(
    ("sentence", "said"),
    [
        # rounds 158 and 160: what is allowed, and an assumption inside a sentence, claim nothing
        ("Weights may be negative.", []),
        (r"Edge weights may be negative, but we assume that \(G\) has no negative cycle.", []),
        # round 159: over an interval is where a method integrates, never a bound
        (r"The method integrates, over \([t_n, t_{n+1}]\), the interpolating polynomial.", []),
        # … while a bound, a denial and an assumption followed by a consequence still claim
        ("The weights can never be negative.", ["never", "be negative"]),
        (r"The result is over \(100\) in every run.", ["over \\(", "100"]),
        ("We assume that the matrix is symmetric; then the method converges.", ["converges"]),
    ],
)
def test_what_a_sentence_allows_or_assumes_is_no_claim(sentence, said):
    from algoverify.checking.specification.cues import cues

    assert cues(sentence) == said


POSITIVE_PART = r"""---
title: t
algoverify:
  checks:
    - id: grows
      kind: property
      listing: 1
      inputs: {n: "integers(1, 5)", x: "randn(n)"}
      after: 's \gets s + x_i'
      holds: 's > 0'
---

\begin{algorithmic}[1]
\Require \(x \in \mathbb{R}^{n}\)
\State \(s \gets 0\)
\For{\(i = 1, \dots, n\)}
  \If{\(x_i > 0\)}
    \State \(s \gets s + x_i\)
  \EndIf
\EndFor
\State \Return \(s\)
\end{algorithmic}
"""


def test_a_statement_a_test_never_let_run_is_said_so_not_as_a_loop_without_passes(tmp_path):
    # round 163: Jacobi's rotation under \If{b_pq ≠ 0} on the identity: "the loop at line 62 made no pass",
    # though the loop ran and the test never held
    (o,) = api.check([written_note(tmp_path, POSITIVE_PART)]).notes[0].outcomes
    assert o.status == "verified", o
    assert "was not reached: the test at line 17 never held on" in o.message, o.message
    assert "made no pass" not in o.message


def test_an_exact_run_of_a_family_numbered_from_two_stays_exact(tmp_path):
    # round 162: Thomas's subdiagonal a_2, …, a_n under --exact: "AV310 not exact: … it is the float 3.75"
    from fractions import Fraction

    from algoverify.math.exact import to_exact

    (listing,) = algoverify.load(written_note(tmp_path, SUBDIAGONAL)).listings
    given = {"a": to_exact([Fraction(1, 2), Fraction(1, 4)]), "d": to_exact([1, 2, 3])}
    result = listing.run(given, exact=True)
    assert result.finding is None, result.finding
    assert result.value == Fraction(11, 4) and isinstance(result.value, (int, Fraction))


UNIFORM = r"""---
title: t
algoverify:
  checks:
    - id: radius
      kind: property
      listing: 1
      inputs: {U_1: "uniform(0, 1)", U_2: "uniform(0, 1)"}
      holds: 'R^{2} = -2 \ln U_1'
---

<prose>

\begin{algorithmic}[1]
\Require <require>
\State \(R \gets \sqrt{-2 \ln U_1}\)
\State \(X \gets R \cos(2 \pi U_2)\)
\State \Return \(X\)
\end{algorithmic}
"""


@pytest.mark.parametrize(
    ("prose", "require"),
    [
        ("Box and Muller's transform.", r"independent \(U_1, U_2\), uniform on \((0, 1]\)"),
        (r"Let \(U_1, U_2\) be independent and uniformly distributed on \((0, 1]\).", r"independent \(U_1, U_2\)"),
    ],
)
def test_names_said_uniform_on_an_interval_are_in_it_on_entry(tmp_path, prose, require):
    # round 168: "\Require independent U_1, U_2, uniform on (0, 1]" (and the prose's "uniformly distributed on")
    # were dropped; uniform(0, 1) drew U_1 = 0, and ln 0 refuted two true claims
    text = UNIFORM.replace("<prose>", prose).replace("<require>", require)
    (o,) = api.check([written_note(tmp_path, text)]).notes[0].outcomes
    assert o.status == "verified", o
    (listing,) = algoverify.load(written_note(tmp_path, text, "again.md")).listings
    zero = listing.run({"U_1": 0.0, "U_2": 0.5})
    assert zero.finding is not None and zero.finding.code == "AV309" and "U_1 \\in (0, 1]" in zero.finding.message


STEPS_NAMED = r"""---
title: t
algoverify:
  checks:
    - id: columns
      kind: property
      listing: 1
      inputs: {n: "integers(2, 4)", m: "integers(1, 3)", b: "randn(n)"}
      arithmetic: exact
      holds: 'Q_m^{(\mathrm{exact})} = Q_m'
---

\begin{algorithmic}[1]
\Require \(b \in \mathbb{R}^{n}\), a number of steps \(m\)
\Ensure \(Q_m = [q_1, \dots, q_m]\)
\For{\(j = 1, \dots, m\)}
  \State \(q_{j+1} \gets j b\)
\EndFor
\State \(q_1 \gets b\)
\State \Return \(Q_m\)
\end{algorithmic}
"""


def test_a_matrix_named_with_its_count_is_its_columns_up_to_that_count(tmp_path):
    # round 168: Lanczos's \Ensure Q_m = [q_1, \dots, q_m] and \Return Q_m: "Q_m is not defined (nor is Q to
    # index)", every check could not run; lint said Q_m^{(\mathrm{exact})} was not defined
    note = written_note(tmp_path, STEPS_NAMED)
    assert not [f for f in api.lint([note]).notes[0].findings if f.code == "AV303"]
    (listing,) = algoverify.load(note).listings
    Q = listing.run({"b": [1.0, 2.0], "m": 2}).value
    assert Q.tolist() == [[1.0, 1.0], [2.0, 2.0]]  # q_1, q_2: never the q_3 the loop also stored
    (o,) = api.check([note]).notes[0].outcomes
    assert o.status == "verified", o


RESIDUAL = r"""---
title: t
algoverify:
  checks:
    - id: descent
      kind: property
      listing: 1
      inputs: {m: "integers(2, 4)", n: "integers(1, 2)", x: "randn(n)", g: "randn(m)", G: "randn(m, n)", lam: "uniform(0.5, 2)"}
      holds: '(G^{\top} g)^{\top} \delta \le 0'
---

Let \(g : \mathbb{R}^{n} \to \mathbb{R}^{m}\) be a residual map. At the point \(x \in \mathbb{R}^{n}\) write
\(g = g(x) \in \mathbb{R}^{m}\) for the residual and \(G = G(x) \in \mathbb{R}^{m \times n}\) for its Jacobian.

\begin{algorithmic}[1]
\Require point \(x\), residual \(g = g(x)\), Jacobian \(G = G(x)\), damping \(\lambda > 0\)
\State \(\delta \gets -G^{\top} g / \lambda\)
\State \Return \(\delta\)
\end{algorithmic}
"""


def test_the_value_of_a_map_named_by_its_letter_is_a_name_not_a_condition(tmp_path):
    # round 167: Levenberg–Marquardt's "residual r = r(x)" was a precondition (r(x) read as the product r x)
    # and "r : ℝⁿ → ℝᵐ" made the vector r fail "is a function": every check could not run
    note = written_note(tmp_path, RESIDUAL)
    (o,) = api.check([note]).notes[0].outcomes
    assert o.status == "verified", o
    from algoverify.running.runcmd import describe_inputs

    shown = describe_inputs(algoverify.load(note).listings[0])
    assert "g = g(x)" not in shown and "vector of length m" in shown, shown


DENOMINATIONS = r"""---
title: t
---

<prose>

\begin{algorithmic}[1]
\Require denominations \(c_1, \dots, c_k\)<words>; a non-zero \(A \in \mathbb{R}^{k \times k}\)
\State \(s \gets \sum_{i=1}^{k} c_i\)
\For{\(i = 1, \dots, c_1\)}
  \State \(s \gets s + 1\)
\EndFor
\State \Return \(s\)
\end{algorithmic}
"""


@pytest.mark.parametrize(
    ("prose", "words"),
    [
        ("Coins.", ", distinct positive integers"),
        (r"Let \(c_1, \dots, c_k\) be \(k\) distinct positive integers.", ""),
    ],
)
def test_words_of_a_family_and_a_property_word_before_a_name_are_preconditions(tmp_path, prose, words):
    # round 168: "\Require denominations c_1, …, c_k, distinct positive integers" and "be k distinct positive
    # integers" said nothing: c = [2, 2] ran; round 169: "\Require non-zero A" was ignored
    note = written_note(tmp_path, DENOMINATIONS.replace("<prose>", prose).replace("<words>", words))
    (listing,) = algoverify.load(note).listings
    ones = [[1.0, 0.0], [0.0, 1.0]]
    same = listing.run({"c": [2.0, 2.0], "A": ones})
    assert same.finding is not None and same.finding.code == "AV309", same.finding
    zero = listing.run({"c": [1.0, 2.0], "A": [[0.0, 0.0], [0.0, 0.0]]})
    assert zero.finding is not None and zero.finding.code == "AV309", zero.finding
    half = listing.run({"c": [1.5, 2.0], "A": ones})
    assert half.finding is not None and "np.float64" not in half.finding.message, half.finding
    assert listing.run({"c": [1.0, 2.0], "A": ones}).value == 4.0


def test_what_a_method_assumes_claims_nothing():
    from algoverify.checking.specification.cues import cues

    # round 167: "Counting sort assumes that each of the n input elements is an integer …" was AV604
    assert cues(r"Counting sort assumes that each input is an integer in the range 0 to \(k\).") == []
    assert cues(r"The method assumes that the step is below \(2/L\); then it converges.") == ["converges"]


WORD = r"""---
title: t
---

Let \(W = w_1 w_2 \cdots w_m\) be a word of \(m\) letters.

The count looks at the letters \(w_1, \dots, w_{m-1}\) before the last one.

\begin{algorithmic}[1]
\Function{Count}{\(W, c\)}
  \State \(k \gets 0\)
  \For{\(j = 1, \dots, m - 1\)}
    \If{\(w_j = c\)}
      \State \(k \gets k + 1\)
    \EndIf
  \EndFor
  \State \Return \(k\)
\EndFunction
\end{algorithmic}
"""


def test_a_later_mention_of_some_letters_of_a_word_declares_no_input(tmp_path):
    # round 170: Horspool's "among p_1, \dots, p_{m-1}" after "P = p_1 p_2 \cdots p_m" made p an input of its
    # own (m became its length plus one): every check was "missing input p"
    (listing,) = algoverify.load(written_note(tmp_path, WORD)).listings
    assert "w" not in listing.inputs and "W" in listing.inputs
    assert listing.run({"W": [1.0, 2.0, 1.0, 1.0], "c": 1.0}).value == 2


KERNEL = r"""---
title: t
---

The weight of a point is \(k(x; s^2) = \exp(-x^2 / (2 s^2))\), a Gaussian of variance \(s^2\).

\begin{algorithmic}[1]
\Require a point \(x\), a variance \(t^2\)
\State \(w \gets k(x; t^2)\)
\State \Return \(w\)
\end{algorithmic}
"""


def test_a_prose_function_of_a_parameter_named_by_its_square_is_called_with_it(tmp_path):
    # round 172: φ(y; μ, σ^2) = … of the prose was dropped (σ^2 no parameter): "φ(…) is a call if φ is a
    # function, a product if it is a value; φ is neither", and every check of the EM step could not run
    import math

    (listing,) = algoverify.load(written_note(tmp_path, KERNEL)).listings
    result = listing.run({"x": 1.0, "t_sq": 4.0})
    assert result.finding is None, result.finding
    assert math.isclose(result.value, math.exp(-1 / 8))


def test_a_check_whose_inputs_are_all_written_out_runs_once_and_says_why(tmp_path):
    # round 173: inputs {A: [[2, 1], [1, 3]], K: 60} "held on 100 trials": one hundred identical runs
    text = SUBDIAGONAL.replace(
        "title: t\n",
        "title: t\nalgoverify:\n  checks:\n    - id: c\n      kind: property\n      listing: 1\n"
        "      inputs: {a: [1, 2], d: [1, 2, 3]}\n      holds: 's = 9'\n",
    )
    (o,) = api.check([written_note(tmp_path, text)]).notes[0].outcomes
    assert o.status == "verified", o
    assert "held on its one run (the spec gives every input's value" in o.message, o.message


VARIANCE = r"""---
title: t
---

\begin{algorithmic}[1]
\Require a point \(x\), a variance \(t^2 > 0\)
\State \(w \gets \exp(-x^2 / (2 t^2))\)
\State \Return \(w\)
\end{algorithmic}
"""


def test_a_bound_on_the_square_of_a_declared_name_bounds_that_name(tmp_path):
    # "a number x with x^2 < 1" is a condition on x, never an input x_sq beside it ("missing: x_sq")
    text = VARIANCE.replace(r"a point \(x\), a variance \(t^2 > 0\)", r"a number \(x\) with \(x^2 < 1\)")
    text = text.replace(r"\exp(-x^2 / (2 t^2))", r"\sqrt{1 - x^2}")
    (listing,) = algoverify.load(written_note(tmp_path, text)).listings
    assert listing.inputs == ("x",)
    assert abs(listing.run({"x": 0.6}).value - 0.8) < 1e-12
    outside = listing.run({"x": 2.0})
    assert outside.finding is not None and outside.finding.code == "AV309", outside.finding


def test_a_variance_a_require_bounds_is_an_input_named_by_its_square(tmp_path):
    # round 172: "\(\hat\sigma_1^2 > 0\)" and a \Require "\(t^2 > 0\)" declared nothing: a negative variance ran
    (listing,) = algoverify.load(written_note(tmp_path, VARIANCE)).listings
    assert "t_sq" in listing.inputs
    negative = listing.run({"x": 1.0, "t_sq": -1.0})
    assert negative.finding is not None and negative.finding.code == "AV309", negative.finding
    assert listing.run({"x": 0.0, "t_sq": 4.0}).value == 1.0


def test_run_says_a_function_input_cannot_be_set_and_where_it_comes_from(tmp_path, capsys):
    # rounds 162, 171 and 173: `run` of a listing that takes f said only "missing input(s) f", and
    # `--set f=t^2-2` "cannot read value"
    from algoverify.cli import main

    note = written_note(tmp_path, NEWTON.replace("<start>", "x_of_0"))
    assert main(["run", str(note), "--set", "x_of_0=1", "--set", "N=3"]) == 2
    said = capsys.readouterr()
    assert "a function, which `--set` cannot give" in said.out + said.err, said


def test_a_formula_that_is_no_equation_is_quoted_as_written():
    from algoverify.checking.specification.spec import equation_problem

    # round 161: the AV502 printed the LaTeX with every backslash doubled
    said = equation_problem(r"g_t = \nabla f(x_{t-1}), \qquad s_t = \rho s_{t-1}")
    assert said is not None and r"'g_t = \nabla f" in said and "\\\\" not in said, said
