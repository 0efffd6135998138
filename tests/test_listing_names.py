"""A listing read in its note: free names bound from the prose, the parameters and the spec, and lint saying what nothing binds.

The fixtures in ``tests/data/context/`` are notes written the way papers introduce their
symbols: in the prose ("the array \\(x\\) has \\(n\\) entries"), as families of parameters
(``y_1, \\dots, y_M``), as a matrix and its entries (``C``, ``c_{ij}``). Each row says what
``run --help-inputs`` reports for a name (what it is bound to, and where that was said), what
the listing returns on given inputs, and what ``lint`` finds.
"""

from __future__ import annotations

import re

import numpy as np
import pytest
from helpers import ROOT

import algoverify
from algoverify import api
from algoverify.running.runcmd import describe_inputs

DATA = ROOT / "tests" / "data" / "context"


def _lint(name: str) -> list[tuple[str, int, int]]:
    result = api.lint([DATA / name])
    sources = result.sources
    return [(f.code, *sources[f.path].line_col(f.span.start)) for f in result.all_findings()]


def _bindings(name: str, listing: int = 1) -> dict[str, str]:
    """``name: what, where`` for each input, size and part, as ``run --help-inputs`` says it."""
    text = describe_inputs(algoverify.load(DATA / name).listing(listing))
    out = {}
    for line in text.splitlines():
        m = re.match(r"  (\S+?):? {2,}(.*)$", line) or re.match(r"  (\S+): (.*)$", line)
        if m:
            out[m.group(1)] = m.group(2)
    return out


# (note, listing, name, what it is bound to)
BINDINGS = [
    ("array_has_entries.md", 1, "n", "length of x, from the prose at line 5"),
    ("array_has_entries.md", 1, "x", "vector of length n, from the parameters at line 8 and the prose at line 5"),
    ("membership.md", 1, "k", "length of v, from the prose at line 5"),
    ("membership.md", 1, "alpha", "a value; \\alpha \\gt 0, from \\Require at line 8 and the prose at line 5"),
    ("matrix_columns.md", 1, "p", "number of rows of B, from the prose at line 5"),
    ("matrix_columns.md", 1, "q", "number of columns of B, from the prose at line 5"),
    ("matrix_columns.md", 1, "b", "the columns of B, from the prose at line 5"),
    ("list_items.md", 1, "m", "length of a, from the prose at line 5"),
    ("weights_from_zero.md", 1, "k", "length of the family w (w_0, …, w_{k - 1}), from the prose at line 5"),
    ("weights_from_zero.md", 1, "w", "a list (the family w_0, …, w_{k - 1}), from the parameters at line 8"),
    ("family_params.md", 1, "y", "a list (the family y_1, …, y_M), from the parameters at line 8"),
    ("family_params.md", 1, "K", "length of the family c, from the parameters at line 8"),
    ("entries.md", 1, "n", "number of rows of C, from the prose at line 5"),
    ("entries.md", 1, "c", "the entries of C, from the prose at line 5"),
    ("entries_by_convention.md", 1, "w", "the entries of W, by the usual convention"),
    ("entries_by_convention.md", 1, "n", "number of columns of W, from the prose at line 5"),
    ("nearest_paragraph.md", 1, "n", "length of u, from the prose at line 5"),
    ("nearest_paragraph.md", 2, "n", "number of columns of A, from the prose at line 17"),
    ("spec_size.md", 1, "n", "a value, from the spec at line 10"),
    ("stored_entries.md", 1, "d", "the entries of D, by the usual convention"),
    ("sequence_start.md", 1, "m", "integer scalar; m \\ge 1, from the parameters at line 9 and the prose at line 6"),
    ("defined_in_prose.md", 1, "V", "defined as \\{1, \\dots, n\\}, from the prose at line 5"),
    ("defined_in_prose.md", 1, "l", "the entries of L, by the usual convention"),
    ("columns_computed.md", 1, "x", "the columns of X, from the prose at line 5"),
    ("columns_computed.md", 1, "U", "the matrix of the columns u_j the listing computes, from the prose at line 6"),
    ("columns_computed.md", 1, "T", "the matrix of the entries t_{ij} the listing computes, by the usual convention"),
    ("columns_computed.md", 1, "X", "m × k matrix (columns x_1, …); independent columns, from the parameters at line 10 and the prose at line 5"),
    ("size_plus_one.md", 1, "n", "length of c, minus 1, from the prose at line 13"),
    ("entry_bound_in_require.md", 1, "W", "n × n matrix, from \\Require at line 6"),
    ("identity_shift.md", 1, "A", "a matrix; symmetric, from the parameters at line 9 and the prose at line 5"),
    ("conditional_relation.md", 1, "beta", "a value; \\beta \\in (0, 1), from the parameters at line 8 and the prose at line 5"),
]


@pytest.mark.slow
@pytest.mark.parametrize("note, listing, name, what", BINDINGS, ids=[f"{r[0]}:{r[2]}" for r in BINDINGS])
def test_each_name_is_bound_from_where_the_note_says_it(note, listing, name, what):
    assert _bindings(note, listing)[name] == what


# (note, listing, inputs, expected outputs)
RUNS = [
    ("array_has_entries.md", 1, {"x": [1.0, 2.0, 3.5]}, 6.5),
    ("membership.md", 1, {"v": [1.0, -2.0], "alpha": 3.0}, [3.0, -6.0]),
    ("matrix_columns.md", 1, {"B": [[3.0, 0.0, 1.0], [4.0, 1.0, 0.0]]}, [5.0, 1.0, 1.0]),
    ("list_items.md", 1, {"a": [3.0, 1.0, 2.0]}, [1.0, 2.0, 3.0]),
    ("weights_from_zero.md", 1, {"w": [1.0, 2.0, 4.0]}, 7.0),
    ("family_params.md", 1, {"y": [[0.0, 0.0], [5.0, 5.0], [1.0, 0.0]], "c": [[0.0, 0.0], [5.0, 4.0]]}, [1, 2, 1]),
    ("entries.md", 1, {"C": [[1.0, 2.0], [3.0, 4.0]]}, 5.0),
    ("entries_by_convention.md", 1, {"W": [[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]}, [3.0, 7.0, 11.0]),
    ("nearest_paragraph.md", 1, {"u": [1.0, 1.0, 1.0]}, 3.0),
    ("nearest_paragraph.md", 2, {"A": [[1.0, 2.0, 4.0], [0.0, 0.0, 0.0]]}, 7.0),
    ("spec_size.md", 1, {"x": [1.0, 2.0, 4.0], "n": 2}, 3.0),
    ("conditional_relation.md", 1, {"x": 2.0, "beta": 0.95}, 1.9),
    ("stored_entries.md", 1, {"W": [[0.0, 5.0, 1.0], [5.0, 0.0, 1.0], [1.0, 1.0, 0.0]]}, [[0, 2, 1], [2, 0, 1], [1, 1, 0]]),
    ("sequence_start.md", 1, {"x_0": 1.0, "m": 60}, 0.7390851332151607),
    ("defined_in_prose.md", 1, {"L": [[0.0, 4.0, 1.0], [np.inf, 0.0, np.inf], [np.inf, 2.0, 0.0]], "s": 1}, [0, 3, 1]),
    ("size_plus_one.md", 1, {"c": [1.0, 2.0, 3.0], "x": 2.0}, 17.0),
    ("entry_bound_in_require.md", 1, {"W": [[0.0, 9.0], [1.0, 0.0]], "k": 2}, [[0.0, 9.0], [1.0, 0.0]]),
    ("entry_bound_in_require.md", 1, {"W": [[0.0, 9.0], [1.0, 0.0]], "k": 1}, [[0.0, 9.0], [1.0, 0.0]]),
    ("word_subscript.md", 1, {"a": 2.0, "tau": 1e-12}, 2.0**0.5),
    ("qualified_relation.md", 1, {"a": 12, "b": 0}, 12),
    ("built_by_stores.md", 1, {"v": [-1.0, 2.0, -3.0, 4.0]}, [2.0, 4.0]),
    ("built_by_stores.md", 1, {"v": [-1.0, -2.0]}, np.zeros(0)),
    ("later_first_index.md", 1, {"g": [0.5, 2.0, 1.0]}, 2.0),
    ("zero_vector.md", 1, {"A": [[2.0, 1.0], [1.0, 4.0]], "b": [1.0, 2.0]}, [0.5, 0.5]),
    ("euler.md", 1, {"z": [1000.0, 1000.0]}, 1000.0 + np.log(2.0)),
    ("ones_vector.md", 1, {"P": [[0.0, 1.0], [1.0, 0.0]], "alpha": 0.85}, [0.5, 0.5]),
    ("reflector.md", 1, {"x": [3.0, 4.0]}, [-5.0, 0.0]),
    ("power_of_t.md", 1, {"y": [1.0, 1.0, 1.0], "beta": 0.5}, 1.0),
    ("table_edges.md", 1, {"a": [1.0, 2.0, 3.0]}, 7.0),
    ("bracket_range.md", 1, {"A": [3.0, 1.0, 2.0]}, [1.0, 2.0, 3.0]),
    ("for_clause.md", 1, {"w": [1.0, 5.0, 2.0], "C": 3.0}, 2),
]


@pytest.mark.slow
@pytest.mark.parametrize("note, listing, inputs, expected", RUNS, ids=[f"{r[0]}:{r[1]}" for r in RUNS])
def test_the_listing_runs_as_written(note, listing, inputs, expected):
    values = {k: np.asarray(v) if isinstance(v, list) else v for k, v in inputs.items()}
    got = algoverify.load(DATA / note).listing(listing)(**values)
    np.testing.assert_allclose(np.asarray(got, dtype=float), np.asarray(expected, dtype=float), atol=1e-12)


# (note, findings as (code, line, column))
LINTS = [
    ("array_has_entries.md", []),
    ("membership.md", []),
    ("matrix_columns.md", []),
    ("list_items.md", []),
    ("weights_from_zero.md", []),
    ("family_params.md", []),
    ("entries.md", []),
    ("entries_by_convention.md", []),
    ("nearest_paragraph.md", []),
    ("spec_size.md", []),
    ("stored_entries.md", []),
    ("sequence_start.md", []),
    ("defined_in_prose.md", []),
    ("columns_computed.md", []),
    ("size_plus_one.md", []),
    ("entry_bound_in_require.md", []),
    ("word_subscript.md", []),
    ("qualified_relation.md", []),
    ("built_by_stores.md", []),
    ("later_first_index.md", []),
    ("function_input.md", []),
    ("zero_vector.md", []),
    ("euler.md", []),
    ("ones_vector.md", []),
    ("power_of_t.md", []),
    ("table_edges.md", []),
    ("bracket_range.md", []),
    ("for_clause.md", []),
    # an English step nothing binds: the run would stop there
    ("unbound_english.md", [("AV304", 7, 1)]),
    # a zero vector stored over 1..k of a \Require'd k: k entries (round 94's Gauss nodes, over a parameter n)
    ("zero_vector_unsized.md", []),
    # … and one stored over two ranges, none of them a size: which length, the note does not say
    ("zero_vector_two_ranges.md", [("AV204", 7, 1)]),
    # two vectors and one free size: which length n is, the note does not say
    ("two_arrays_one_size.md", [("AV303", 10, 36)]),
    # x_1 beside the matrix X: its first entry, row or column?
    ("two_readings.md", [("AV204", 9, 20)]),
]


@pytest.mark.slow
@pytest.mark.parametrize("note, expected", LINTS, ids=[r[0] for r in LINTS])
def test_lint_says_what_the_note_leaves_unbound_at_the_name(note, expected):
    assert [f for f in _lint(note) if f[0] != "AV604"] == expected


def test_an_unbound_size_names_the_arrays_it_may_be_the_length_of():
    (finding,) = [f for f in api.lint([DATA / "two_arrays_one_size.md"]).all_findings()]
    assert finding.message.startswith("n is not defined: it may be the length of x or of y; say which in the prose")
    assert finding.severity.value == "warning"


def test_a_size_given_that_disagrees_with_the_shape_is_a_located_finding():
    listing = algoverify.load(DATA / "array_has_entries.md").listing(1)
    result = listing.run({"x": np.array([1.0, 2.0, 3.0]), "n": 4})
    assert result.finding is not None and result.finding.code == "AV307"
    assert result.finding.message == "n = 4 was given, but x has length 3"


def test_a_relation_in_a_conditional_sentence_is_no_precondition():
    # "If beta > 0.9 the iteration is slow" assumes nothing: 0.95 runs (beta ∈ (0, 1) holds)
    listing = algoverify.load(DATA / "conditional_relation.md").listing(1)
    assert listing.run({"x": 2.0, "beta": 0.95}).ok
    result = listing.run({"x": 2.0, "beta": 1.5})
    assert result.finding is not None and result.finding.code == "AV309"
    assert listing.source.line_col(result.finding.span.start)[0] == 5  # the prose's declaration


@pytest.mark.slow
def test_the_spec_binds_a_name_the_listing_reads_and_the_reference_gets_what_it_names(capsys):
    report = api.check([DATA / "spec_size.md"]).notes[0]
    (outcome,) = report.outcomes
    assert outcome.status == "verified", outcome.message


@pytest.mark.slow
@pytest.mark.parametrize("note", sorted(p.name for p in DATA.glob("*.md")))
def test_a_lint_clean_listing_runs_and_a_listing_lint_flags_does_not(note):
    """Lint is clean exactly on the listings that run: each fixture run on inputs of the declared shapes."""
    clean = not [f for f in _lint(note) if f[0] != "AV604"]
    loaded = algoverify.load(DATA / note)
    runs = []
    for listing in loaded.listings:
        inputs = {name: _sample(listing, name) for name in listing.inputs}
        runs.append(listing.run(inputs))
    # what the names and forms decide; a precondition or an index my sample values break is not
    unrun = [r.finding.code for r in runs if r.finding is not None and r.finding.code in ("AV303", "AV304", "AV308")]
    unrun += [r.finding.message for r in runs if r.finding is not None and r.finding.code == "AV307"]
    if clean:
        assert unrun == [], note
    else:
        assert any(r.finding is not None for r in runs), note


def _sample(listing, name: str):
    """A value of the shape the declarations give ``name`` (sizes 3; a family of three 2-vectors)."""
    spec = listing.program.declarations
    if name in listing.program.families:
        return [np.arange(2.0) + k for k in range(3)]
    d = spec.get(name)
    shape = d.shape if d is not None else None
    noun = d.noun if d is not None else None
    if shape is not None:
        return np.full(tuple(3 for _ in shape), 0.5) if shape else 0.5
    if noun in ("matrix", "square"):
        return np.eye(3)
    if name in spec.sizes or (d is not None and d.domain == "natural"):
        return 2
    return np.arange(1.0, 4.0) if name.islower() or len(name) > 1 else np.eye(3)


# --- the spec fits the listing ----------------------------------------------------------------------

MEAN = r"""---
title: mean
algoverify:
  module: mean_checks.py
  index_base: 0
  checks:
    - id: ref
      kind: reference
      listing: 1
      inputs: {x: "randn(4)"}
      reference: mean
      compare: {COMPARED: {rtol: 1e-9}}
    - id: zero-based-sum
      kind: property
      listing: 1
      inputs: {x: "randn(4)"}
      holds: "m = \\frac{1}{n} \\sum_{i=0}^{n-1} x_i"
    - id: first-entry
      kind: property
      listing: 1
      inputs: {x: "randn(4)"}
      let: {f: "x_0"}
      given: "x_0 > -100"
      holds: "f = x_0"
---

The vector \(x\) has \(n\) entries.

\begin{algorithmic}
\Function{Mean}{\(x\)}
  \State \(s \gets 0\)
  \For{\(i \gets 0\) \textbf{to} \(n - 1\)}
    \State \(s \gets s + x_i\)
  \EndFor
  \State \(m \gets s / n\)
  \State \Return \(m\)
\EndFunction
\end{algorithmic}
"""


def _mean_note(tmp_path, compared: str = "m"):
    (tmp_path / "mean_checks.py").write_text("import numpy as np\n\ndef mean(x):\n    return float(np.mean(x))\n")
    note = tmp_path / "mean.md"
    note.write_text(MEAN.replace("COMPARED", compared))
    return note


@pytest.mark.slow
def test_a_reference_gets_the_inputs_it_names_and_index_base_applies_to_every_formula(tmp_path):
    report = api.check([_mean_note(tmp_path)]).notes[0]
    # `mean(x)` is not handed the size n the listing also takes; holds:, let:, given: count from 0 as the listing
    assert {o.check.id: o.status for o in report.outcomes} == {
        "ref": "verified",
        "zero-based-sum": "verified",
        "first-entry": "verified",
    }, [o.message for o in report.outcomes]


def test_a_compare_key_that_names_no_output_is_a_spec_error_with_the_near_name(tmp_path):
    result = api.lint([_mean_note(tmp_path, compared="mu")])
    (finding,) = result.all_findings()
    assert finding.code == "AV501"
    assert finding.message == "check spec: compare: mu is not an output of the listing; it returns m (did you mean m?)"
    assert result.sources[finding.path].line_col(finding.span.start) == (12, 17)


def test_the_matrices_a_listing_computes_by_columns_and_entries_are_returned_whole():
    listing = algoverify.load(DATA / "columns_computed.md").listing(1)
    X = np.array([[1.0, 1.0], [0.0, 1.0], [1.0, 0.0]])
    U, T = listing(X=X)
    np.testing.assert_allclose(U @ T, X, atol=1e-12)
    np.testing.assert_allclose(U.T @ U, np.eye(2), atol=1e-12)
    assert T[1, 0] == 0.0  # the entries never stored are the zeros of an upper triangular matrix


def test_a_property_the_prose_states_is_a_precondition_at_its_words():
    listing = algoverify.load(DATA / "columns_computed.md").listing(1)
    result = listing.run({"X": np.array([[1.0, 2.0], [1.0, 2.0]])})  # dependent columns
    assert result.finding is not None and result.finding.code == "AV309"
    assert result.finding.message == (
        "precondition violated: X has linearly independent columns does not hold (X = [[1.0, 2.0], [1.0, 2.0]])"
    )
    assert listing.source.line_col(result.finding.span.start) == (5, 7)


def test_the_identity_takes_the_size_beside_it_and_pi_is_pi():
    listing = algoverify.load(DATA / "identity_shift.md").listing(1)
    A = np.array([[2.0, 1.0], [1.0, 3.0]])
    B, r, c = listing(A=A, mu=0.5, m=2)
    np.testing.assert_allclose(B, A - 0.5 * np.eye(2))
    assert r == 0.0 and c == pytest.approx(2 * np.pi)


@pytest.mark.slow
def test_a_size_plus_one_is_checked_against_the_shape():
    listing = algoverify.load(DATA / "size_plus_one.md").listing(1)
    result = listing.run({"c": np.array([1.0, 2.0, 3.0]), "x": 2.0, "n": 3})
    assert result.finding is not None and result.finding.message == "n = 3 was given, but c has length 3"
    report = api.check([DATA / "size_plus_one.md"]).notes[0]
    assert [o.status for o in report.outcomes] == ["verified"], [o.message for o in report.outcomes]


@pytest.mark.parametrize(
    "text, shape",
    [("randn(n + 1)", (4,)), ("randn(n - 1)", (2,)), ("randn(2*n)", (6,)), ("randn(n, n+1)", (3, 4))],
)
def test_a_generator_takes_arithmetic_on_sizes(text, shape):
    from algoverify.running.values import parse_value

    assert np.shape(parse_value(text, np.random.default_rng(0), {"n": 3})) == shape


def test_a_function_input_and_an_english_test_of_parity():
    listing = algoverify.load(DATA / "function_input.md").listing(1)
    assert listing(f=lambda t: t * t, a=0.0, b=1.0, m=200) == pytest.approx(1 / 3, abs=1e-5)
    result = listing.run({"f": 2.0, "a": 0.0, "b": 1.0, "m": 4})  # a number where the note says a function
    assert result.finding is not None and result.finding.code == "AV309"
    assert result.finding.message.startswith("precondition violated: f : [a, b] \\to \\mathbb{R} does not hold")


GCD_NOTE = r"""---
title: gcd
algoverify:
  module: gcd_checks.py
  checks:
    - id: gcd
      kind: reference
      listing: 1
      inputs: {a: "integers(0, 1000)", b: "integers(0, 1000)"}
      given: 'a + b > 0'
      reference: gcd
---

\begin{algorithmic}
\Require integers \(a \ge 0\), \(b \ge 0\), not both zero
\Repeat
  \State \(r \gets a \bmod b\)
  \State \((a, b) \gets (b, r)\)
\Until{\(b = 0\)}
\State \Return \(a\)
\end{algorithmic}
"""


def test_an_input_alone_at_its_edge_is_tried(tmp_path):
    """b = 0 beside a random a: the first trials give every input its edge at once, then each alone."""
    (tmp_path / "gcd_checks.py").write_text("import math\n\ndef gcd(a, b):\n    return math.gcd(int(a), int(b))\n")
    note = tmp_path / "gcd.md"
    note.write_text(GCD_NOTE)
    (outcome,) = api.check([note], seed=0).notes[0].outcomes
    assert outcome.status == "refuted" and "AV302 division by zero" in outcome.message
    assert "b = 0" in str(outcome.details.get("counterexample")), outcome.details


JACOBI_NOTE = r"""---
title: sweeps
algoverify:
  checks:
    - id: never-worse
      kind: property
      listing: 1
      inputs: {A: "spd(2)", b: "randn(2)"}
      after: '\For{\(i \gets 1\) \textbf{to} \(2\)}'
      holds: 'x_1 = x_1'
---

\begin{algorithmic}
\Require \(A\), \(b\)
\State \(x \gets \mathbf{0}\)
\Repeat
  \State \(y \gets x\)
  \For{\(i \gets 1\) \textbf{to} \(2\)}
    \State \(x_i \gets (b_i - \sum_{j \ne i} a_{ij} y_j) / a_{ii}\)
  \EndFor
\Until{\(\lVert x - y \rVert_\infty \lt 10^{-9}\)}
\State \Return \(x\)
\end{algorithmic}
"""


def test_an_invariant_on_a_run_that_cannot_go_on_is_could_not_check(tmp_path):
    """x <- 0 with no size said: the sweep stops at y_j; a relation tested on the state it left judges nothing."""
    note = tmp_path / "sweeps.md"
    note.write_text(JACOBI_NOTE)
    (outcome,) = api.check([note], seed=0).notes[0].outcomes
    assert outcome.status == "could not check", outcome.message


GD_NOTE = r"""---
title: descent
algoverify:
  checks:
    - id: decreases
      kind: property
      listing: 1
      inputs: {x_0: "randn(3)", T: "integers(1, 5)"}
      holds: '\lVert x_T \rVert \le \lVert x_0 \rVert'
---

\begin{algorithmic}
\For{\(k \gets 0\) \textbf{to} \(T - 1\)}
  \State \(x_{k+1} \gets x_k / 2\)
\EndFor
\State \Return \(x_T\)
\end{algorithmic}
"""


@pytest.mark.slow
def test_a_spec_that_draws_the_first_member_starts_the_sequence(tmp_path):
    note = tmp_path / "descent.md"
    note.write_text(GD_NOTE)
    (outcome,) = api.check([note], seed=0).notes[0].outcomes
    assert outcome.status == "verified", outcome.message


def test_a_relation_in_a_sentence_that_starts_with_for_is_a_range_not_a_precondition():
    listing = algoverify.load(DATA / "for_clause.md").listing(1)
    assert listing.run({"w": np.array([1.0, 5.0]), "C": -1.0}).ok  # "For 0 <= c <= C" assumes nothing of C


KNAPSACK_NOTE = r"""---
title: fits
algoverify:
  checks:
    - id: monotone
      kind: property
      listing: 1
      as: F
      inputs: {n: "integers(1, 5)", w: "uniform(0, 1, n)", C: "uniform(0, 2)"}
      holds: 'F(w, C) \le F(w, C + 1)'
---

We are given \(n\) items.

\begin{algorithmic}
\Function{Fit}{\(w, C\)}
  \State \(k \gets 0\)
  \For{\(i \gets 1\) \textbf{to} \(n\)}
    \If{\(w_i \le C\)}
      \State \(k \gets k + 1\)
    \EndIf
  \EndFor
  \State \Return \(k\)
\EndFunction
\end{algorithmic}
"""


def test_a_listing_called_in_a_relation_keeps_the_inputs_the_spec_draws(tmp_path):
    """F(w, C) of a listing that also takes the spec's n: n is the trial's, not an argument to give."""
    note = tmp_path / "fits.md"
    note.write_text(KNAPSACK_NOTE)
    (outcome,) = api.check([note], seed=0).notes[0].outcomes
    assert outcome.status == "verified", outcome.message


@pytest.mark.parametrize(
    "start, stop, direction",
    [
        ("1", "n", 1),
        ("n", "1", -1),
        ("i + 1", "n", 1),  # from one past i: upward, empty when i = n
        ("p^2", "n", 1),  # the sieve's multiples from p²
        ("2 p", "n", 1),
        ("n", "i + 1", -1),
        ("j", "n", None),  # two names: the inputs decide (AV207)
        ("\\mathit{lo}", "\\mathit{hi} - 1", 1),  # the names say which end is low
        ("\\mathit{right}", "\\mathit{left}", -1),
        ("\\mathit{lo}", "\\mathit{lo2}", None),
    ],
)
def test_the_direction_a_range_is_written_in(start, stop, direction):
    from algoverify.math.mathexpr import parse_math
    from algoverify.math.ranges import written_direction

    assert written_direction(parse_math(start), parse_math(stop)) == direction


NESTED = r"""\begin{algorithmic}
\Require $n \ge 1$
\State $c \gets 0$
\For{$k = OUTER$}
  \For{$j = INNER$}
    \State $c \gets c + 1$
  \EndFor
\EndFor
\State \Return $c$
\end{algorithmic}
"""


@pytest.mark.parametrize(
    "outer, inner, ambiguous, passes",
    [
        # k ≤ n − 1 < n: k, …, n counts up, as LU's elimination reads
        ("1, \\dots, n - 1", "k, \\dots, n", False, lambda n: sum(n - k + 1 for k in range(1, n))),
        ("1, \\dots, n", "k, \\dots, n", False, lambda n: sum(n - k + 1 for k in range(1, n + 1))),
        # counted down, k still ≤ n
        ("n, \\dots, 1", "k, \\dots, n", False, lambda n: sum(n - k + 1 for k in range(1, n + 1))),
        # n, …, k: down to k, which never exceeds n
        ("1, \\dots, n", "n, \\dots, k", False, lambda n: sum(n - k + 1 for k in range(1, n + 1))),
        # k may pass m: the inputs decide, and lint says so
        ("1, \\dots, n", "k, \\dots, m", True, None),
    ],
)
def test_an_enclosing_loop_settles_which_way_a_range_counts(tmp_path, outer, inner, ambiguous, passes):
    note = tmp_path / "nested.md"
    note.write_text(NESTED.replace("OUTER", outer).replace("INNER", inner))
    codes = [f.code for f in api.lint([note]).all_findings()]
    assert ("AV207" in codes) == ambiguous, codes
    if passes is not None:
        listing = algoverify.load(note).listing(1)
        for n in (1, 2, 5):
            assert int(listing(n=n)) == passes(n)


def test_the_older_packages_constants_are_no_unknown_macros(tmp_path):
    note = tmp_path / "flags.md"
    note.write_text(
        "\\begin{algorithmic}\n\\REQUIRE $n \\ge 2$\n\\FOR{$i = 1$ \\TO $n$}\n\\STATE $f_i \\gets \\TRUE$\n"
        "\\ENDFOR\n\\RETURN $f$\n\\end{algorithmic}\n"
    )
    assert api.lint([note]).all_findings() == []
    assert list(algoverify.load(note).listing(1)(n=2)) == [True, True]


TRAPEZOID_NOTE = r"""---
title: trapezoid
algoverify:
  checks:
    - id: constant
      kind: property
      listing: 1
      inputs: {n: "integers(1, 5)", h: "uniform(0.1, 1)", y: "constant(2, n + 1)"}
      holds: 'result = 2 n h'
---

The samples \(y_0, \dots, y_n\) are taken at spacing \(h = (b - a)/n\).

\begin{algorithmic}
\State $s \gets (y_0 + y_n) / 2$
\For{$i = 1, \dots, n - 1$}
  \State $s \gets s + y_i$
\EndFor
\State \Return $h s$
\end{algorithmic}
"""


def test_a_name_the_spec_draws_is_given_though_the_prose_defines_it_from_names_the_listing_lacks(tmp_path):
    """h = (b - a)/n reads a and b, which nothing binds: the spec's h is the one the listing runs with."""
    note = tmp_path / "trapezoid.md"
    note.write_text(TRAPEZOID_NOTE)
    assert [f.code for f in api.lint([note]).all_findings()] == []
    (outcome,) = api.check([note], seed=0).notes[0].outcomes
    assert outcome.status == "verified", outcome.message


VITERBI_NOTE = r"""---
title: a hidden Markov model
algoverify:
  checks:
    - id: first-step
      kind: property
      listing: 1
      inputs: {S: "integers(1, 3)", pi: "simplex(S)", P: "simplex(S)", o: 1}
      given: '\min_i \pi_i > 0'
      holds: 'd_1 = \log \pi_1 + \log p_{1 1}'
---

The chain starts in state \(i\) with probability \(\pi_i\) and stays with probability \(p_{ii}\).

\begin{algorithmic}
\For{$j = 1, \dots, S$}
  \State $d_j \gets \log \pi_j + \log p_{j j}$
\EndFor
\State \Return $d$
\end{algorithmic}
"""


def test_an_indexed_constant_name_is_an_array_and_lower_case_entries_name_the_drawn_matrix(tmp_path):
    r"""\pi_j is the vector the spec draws (not π); p_{jj} the entries of the drawn P: lint is clean and the listing runs."""
    note = tmp_path / "hmm.md"
    note.write_text(VITERBI_NOTE.replace("p_{1 1}", "p_{11}").replace("P: \"simplex(S)\"", 'P: "spd(S)"'))
    assert [f.code for f in api.lint([note]).all_findings() if f.code != "AV604"] == []
    listing = algoverify.load(note).listing(1)
    np.testing.assert_allclose(listing(pi=np.array([0.5, 0.5]), P=np.eye(2), S=2), np.log([0.5, 0.5]))
    result = listing.run({"pi": np.array([1.0, 0.0]), "P": np.eye(2), "S": 2})
    assert result.finding is not None and result.finding.message.startswith("logarithm of zero")


def test_upper_triangular_in_words_is_a_precondition(tmp_path):
    note = tmp_path / "back.md"
    note.write_text(
        "---\ntitle: t\n---\n\nLet \\(U \\in \\mathbb{R}^{n \\times n}\\) be upper triangular.\n\n"
        "\\begin{algorithmic}\n\\Function{D}{\\(U\\)}\n\\State \\Return \\(u_{11}\\)\n\\EndFunction\n\\end{algorithmic}\n"
    )
    listing = algoverify.load(note).listing(1)
    assert listing(U=np.array([[2.0, 1.0], [0.0, 3.0]])) == 2.0
    result = listing.run({"U": np.array([[2.0, 1.0], [1.0, 3.0]])})
    assert result.finding is not None and result.finding.code == "AV309"
    assert "U is upper triangular" in result.finding.message


def test_two_subscripted_names_side_by_side_are_two_indices():
    from algoverify.math.mathexpr import parse_math

    tree = parse_math("p_{q_{t-1} q_t}")
    assert len(tree.indices) == 2
    assert len(parse_math("x_{2k}").indices) == 1  # a number then a letter: entry 2k


@pytest.mark.parametrize("row", ["one", "basis", "signs", "rank-one"])
@pytest.mark.parametrize("n", [1, 2, 5])
def test_the_simplex_members_are_distributions_with_no_zero_entry(row, n):
    from algoverify.running.structured import member

    value = member("simplex", row, np.random.default_rng(0), n)
    if value is not None:
        assert value.sum() == pytest.approx(1.0) and np.all(value > 0)


SIEVE_NOTE = r"""---
title: primes
algoverify:
  module: primes_checks.py
  checks:
    - id: primes
      kind: reference
      listing: 1
      inputs: {n: "integers(2, 60)"}
      reference: REFERENCE
---

\begin{algorithmic}
\Require an integer \(n \ge 2\)
\State \(P \gets \{ i \in \{2, \dots, n\} : \forall d \in \{2, \dots, i - 1\} : i \bmod d \ne 0 \}\)
\State \Return \(P\)
\end{algorithmic}
"""


@pytest.mark.slow
@pytest.mark.parametrize("reference, verdict", [("primes", "verified"), ("odd_numbers", "refuted")])
def test_a_set_the_listing_returns_is_compared_member_by_member(tmp_path, reference, verdict):
    (tmp_path / "primes_checks.py").write_text(
        "def primes(n):\n    return {i for i in range(2, n + 1) if all(i % d for d in range(2, i))}\n\n"
        "def odd_numbers(n):\n    return [i for i in range(2, n + 1) if i % 2]\n"
    )
    note = tmp_path / "primes.md"
    note.write_text(SIEVE_NOTE.replace("REFERENCE", reference))
    (outcome,) = api.check([note], seed=0).notes[0].outcomes
    assert outcome.status == verdict, outcome.message


# --- a property over the ways a size is said ---------------------------------------------------------

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

_SAID = [
    "The array \\({x}\\) has \\({n}\\) entries.",
    "Let \\({x} \\in \\mathbb{{R}}^{{{n}}}\\).",
    "We are given a vector \\({x}\\) of length \\({n}\\).",
    "The list \\({x}\\) has \\({n}\\) items, in any order.",
    "Let \\({x}\\) be a sorted list with \\({n}\\) items.",
    "The \\({n}\\) entries of \\({x}\\) are real.",
    "Consider the points \\({x}_1, \\dots, {x}_{n}\\).",
]
_LETTERS = st.sampled_from(list("abuvwxyz"))


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(st.sampled_from(_SAID), _LETTERS, st.sampled_from(list("mnkNK")), st.lists(st.integers(-9, 9), max_size=6))
def test_however_the_prose_says_a_size_lint_is_clean_and_the_listing_runs(tmp_path_factory, said, x, n, values):
    """A size said in any of the usual ways binds the loop bound; lint is clean; the run sums the entries."""
    values = sorted(values) if "sorted" in said else values
    note = tmp_path_factory.mktemp("said") / "n.md"
    note.write_text(
        "---\ntitle: t\n---\n\n" + said.format(x=x, n=n) + "\n\n\\begin{algorithmic}\n"
        f"\\Function{{Total}}{{\\({x}\\)}}\n\\State \\(s \\gets 0\\)\n"
        f"\\For{{\\(i \\gets 1\\) \\textbf{{to}} \\({n}\\)}}\n\\State \\(s \\gets s + {x}_i\\)\n\\EndFor\n"
        "\\State \\Return \\(s\\)\n\\EndFunction\n\\end{algorithmic}\n"
    )
    assert [f.code for f in api.lint([note]).all_findings() if f.code != "AV604"] == []
    listing = algoverify.load(note).listing(1)
    given_values = [np.array([v]) for v in values] if "points" in said else np.array(values, dtype=float)
    if "points" in said:
        assert listing(**{x: given_values}) == pytest.approx(np.array([sum(values)])) if values else True
    else:
        assert listing(**{x: given_values}) == pytest.approx(float(sum(values)))
