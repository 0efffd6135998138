r"""Readings a statistics text needs (issue 19): entries named after a size, a count table beside its total.

"a binary matrix \(X\) whose \(m\) rows are the examples and whose \(d\) columns are the
features, with entries \(x_{ij}\)": the entries are X's, not those of the size d said last.
``N_1`` (the examples of class 1) beside ``N_{1j}`` (those of class 1 with feature j): the
subscript ``1j`` is the pair (1, j), never the product 1·j. The fixtures are our own text.
"""

from __future__ import annotations

import numpy as np
from helpers import property_spec, prose_note

import algoverify
from algoverify import api
from algoverify.math.ops import Sequence

_COUNTS = r"""
\Function{Fit}{\(X, y\)}
  \State \(N_1 \gets \sum_{i=1}^{m} y_i\)
  \For{\(j = 1, \dots, d\)}
    \State \(N_{1j} \gets \sum_{i=1}^{m} x_{ij} y_i\)
    \State \(\theta_j \gets \frac{N_{1j} + 1}{N_1 + 2}\)
  \EndFor
  \State \Return \(\theta\)
\EndFunction
"""


def _expected(X, y):
    return (X.T @ y + 1) / (y.sum() + 2)


def test_entries_named_after_a_size_are_the_matrixs(tmp_path):
    note = prose_note(
        tmp_path,
        r"The data are a matrix \(X \in \{0, 1\}^{m \times d}\) whose \(m\) rows are the examples and whose "
        r"\(d\) columns are the features, with entries \(x_{ij}\), and labels \(y_1, \dots, y_m\).",
        _COUNTS,
    )
    X, y = np.array([[0.0, 1.0], [1.0, 1.0], [0.0, 0.0]]), np.array([1.0, 1.0, 0.0])
    np.testing.assert_allclose(algoverify.load(note).listings[0](X=X, y=y), _expected(X, y))


def test_a_digit_one_then_a_letter_is_a_pair_of_indices(tmp_path):
    note = prose_note(
        tmp_path,
        r"Let \(X \in \{0, 1\}^{m \times d}\) have entries \(x_{ij}\), and let \(y \in \{0, 1\}^{m}\).",
        _COUNTS,
    )
    X, y = np.array([[0.0, 1.0, 1.0]]), np.array([1.0])
    # read as 1·j, N_{11} would overwrite N_1 and θ_1 would be 1/2, not 1/3
    np.testing.assert_allclose(algoverify.load(note).listings[0](X=X, y=y), [1 / 3, 2 / 3, 2 / 3])


def test_a_digit_two_then_a_letter_stays_one_index(tmp_path):
    note = prose_note(
        tmp_path,
        r"The array \(x\) has \(m\) entries and \(n\) is a whole number with \(2 n \le m\).",
        r"""
\Require array \(x\), integer \(n\)
\State \(s \gets 0\)
\For{\(k = 1, \dots, n\)}
  \State \(s \gets s + x_{2k}\)
\EndFor
\State \Return \(s\)
""",
    )
    assert algoverify.load(note).listings[0](x=np.array([1.0, 2.0, 3.0, 4.0]), n=2) == 6.0


def test_numbered_members_beside_a_table_read_whole_are_a_map():
    counts = Sequence({1: 3, (1, 1): 0, (1, 2): 2})
    assert counts.to_array() is counts


_SCHEDULE = r"""
\Require \(\eta\)
\State \(x_0 \gets 1\)
\For{\(t = 1, \dots, T\)}
  \State \(x_t \gets x_{t-1} - \eta_t x_{t-1}\)
\EndFor
\State \Return \(x_T\)
"""


def test_an_entry_of_a_number_the_checks_draw_is_a_lint_finding(tmp_path):
    # \eta_t beside a learning rate \eta every check draws as a number: the run would stop at \eta_t
    spec = property_spec(
        "the iterate shrinks",
        '{eta: "uniform(0, 1)", T: "integers(1, 5)"}',
        r"x_T \le 1",
        check_id="decays",
    )
    note = tmp_path / "note.md"
    note.write_text(
        f"---\nalgoverify:\n{spec}---\n\nWith a learning rate \\(\\eta\\), the iterate shrinks.\n\n"
        f"\\begin{{algorithmic}}\n{_SCHEDULE.strip()}\n\\end{{algorithmic}}\n"
    )
    found = [f for f in api.lint([note]).all_findings() if f.code == "AV204"]
    assert len(found) == 1 and "\\eta_t reads an entry of \\eta" in found[0].message
    assert note.read_text()[found[0].span.start : found[0].span.end] == "\\eta_t"
    # the bits of a number b, written b_i, are the third reading the fix names
    assert "if they are other numbers (the bits of \\eta), give them a letter of their own" in found[0].message


def test_an_entry_of_an_input_drawn_as_a_sequence_is_no_finding(tmp_path):
    spec = property_spec(
        "the iterate shrinks",
        '{T: "integers(1, 5)", eta: "uniform(0, 1, T)"}',
        r"x_T \le 1",
        check_id="decays",
    )
    note = tmp_path / "note.md"
    note.write_text(
        f"---\nalgoverify:\n{spec}---\n\nWith learning rates \\(\\eta_1, \\dots, \\eta_T\\), the iterate shrinks.\n\n"
        f"\\begin{{algorithmic}}\n{_SCHEDULE.strip()}\n\\end{{algorithmic}}\n"
    )
    assert [f for f in api.lint([note]).all_findings() if f.code == "AV204"] == []
    outcome = api.check([note], seed=0, trials=20).notes[0].outcomes[0]
    assert outcome.status == "verified", outcome.message
