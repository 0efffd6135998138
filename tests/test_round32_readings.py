r"""Readings a statistics and numerical-analysis text needs (issue 19), from notes a new user wrote.

What a sentence says after two families joined by "and" is said of both; ``r_s`` in a check
beside the ranks ``R`` is the listing's ``r_s``; ``\mathbf{1} d^{\top}`` is the matrix whose rows
are ``d^{\top}``; a ``\Require`` names rows ("with rows \(x_1^{\top}, \dots\)"), a sorted family
(``x_0 < x_1 < \dots < x_n``), a family given by its values (``a_0 = f(x_0), \dots``) and a graph
by its parts (``G = (V, E)``); what ``\Ensure`` names is what the listing gives back, never an
input. The fixtures are our own text.
"""

from __future__ import annotations

import numpy as np
import pytest
from helpers import property_spec, prose_note

import algoverify
from algoverify import api
from algoverify.math.ops import product
from algoverify.math.sizeless import Ones, ones_outer

_RANKS = r"""
\For{\(i = 1, \dots, n\)}
  \State \(R_i \gets 1 + \lvert \{ j : x_j < x_i \} \rvert\)
  \State \(S_i \gets 1 + \lvert \{ j : y_j < y_i \} \rvert\)
\EndFor
\State \(r_s \gets 1 - \dfrac{6 \sum_{i=1}^{n} (R_i - S_i)^2}{n (n^2 - 1)}\)
\State \Return \(r_s\)
"""

_SPEC = property_spec(
    "the coefficient lies in [-1, 1]",
    '{n: "integers(2, 6)", x: "integers(0, 2, n)", y: "integers(0, 2, n)"}',
    r"-1 \le r_s \le 1",
    check_id="bounded",
)


@pytest.mark.parametrize(
    "prose",
    [
        r"Let \(x_1, \dots, x_n\) and \(y_1, \dots, y_n\) be two samples of distinct numbers.",
        r"Let \(x_1, \dots, x_n\), \(y_1, \dots, y_n\) be samples of distinct numbers.",
    ],
)
def test_what_follows_two_families_is_said_of_both(tmp_path, prose):
    note = prose_note(tmp_path, prose + " The coefficient lies in [-1, 1].", _RANKS, _SPEC)
    outcome = api.check([note], seed=0, trials=30).notes[0].outcomes[0]
    # ties drawn in x or in y are skipped, never taken for a counterexample
    assert outcome.status == "verified", outcome.message
    assert "entries of x are distinct" in outcome.message and "entries of y are distinct" in outcome.message


def test_a_subscripted_output_beside_a_capital_array_is_the_output(tmp_path):
    # r_s is Spearman's coefficient, not entry s of the ranks R
    note = prose_note(
        tmp_path,
        r"Let \(x_1, \dots, x_n\) and \(y_1, \dots, y_n\) be two samples of distinct numbers. "
        r"The coefficient lies in [-1, 1].",
        _RANKS,
        _SPEC,
    )
    outcome = api.check([note], seed=0, trials=30).notes[0].outcomes[0]
    assert outcome.status == "verified" and "r_s" in outcome.message, outcome.message


def test_ones_times_a_row_repeats_the_row():
    X, d = np.arange(6.0).reshape(3, 2), np.array([10.0, 20.0])
    np.testing.assert_array_equal(X - ones_outer(Ones(), d), X - np.outer(np.ones(3), d))
    s = X.T @ np.ones(3)  # X^T 1 1^T X = (X^T 1)(1^T X)
    np.testing.assert_array_equal(product(ones_outer(s, Ones()), X), np.outer(s, np.ones(3) @ X))


def test_centring_by_ones_in_a_listing(tmp_path):
    note = prose_note(
        tmp_path,
        r"Let \(X \in \mathbb{R}^{n \times p}\) and \(m \in \mathbb{R}^{p}\).",
        r"""
\State \(Y \gets X - \mathbf{1} m^{\top}\)
\State \Return \(Y\)
""",
    )
    X, m = np.arange(6.0).reshape(3, 2), np.array([1.0, 2.0])
    np.testing.assert_array_equal(algoverify.load(note).listings[0](X=X, m=m), X - m)


def test_rows_named_in_a_require_are_the_matrixs(tmp_path):
    note = prose_note(
        tmp_path,
        "The sample mean.",
        r"""
\Require \(X \in \mathbb{R}^{n \times p}\) with rows \(x_1^{\top}, \dots, x_n^{\top}\)
\State \(\bar{x} \gets \frac{1}{n} \sum_{j=1}^{n} x_j\)
\State \Return \(\bar{x}\)
""",
    )
    listing = algoverify.load(note).listings[0]
    assert listing.inputs == ("X",)
    np.testing.assert_allclose(listing(X=np.arange(6.0).reshape(3, 2)), [2.0, 3.0])


def test_a_sorted_family_and_its_values_in_a_require(tmp_path):
    # Burden and Faires's input line: nodes x_0 < x_1 < \dots < x_n, values a_0 = f(x_0), \dots, a_n = f(x_n)
    note = prose_note(
        tmp_path,
        "The slopes of the broken line.",
        r"""
\Require nodes \(x_0 < x_1 < \dots < x_n\), values \(a_0 = f(x_0), \dots, a_n = f(x_n)\)
\For{\(j = 0, \dots, n - 1\)}
  \State \(s_j \gets (a_{j+1} - a_j) / (x_{j+1} - x_j)\)
\EndFor
\State \Return \(s\)
""",
    )
    listing = algoverify.load(note).listings[0]
    assert set(listing.inputs) == {"x", "a"}
    np.testing.assert_allclose(listing(x=np.array([0.0, 1.0, 3.0]), a=np.array([0.0, 2.0, 3.0])), [2.0, 0.5])


def test_what_ensure_names_is_the_listings_own(tmp_path):
    note = prose_note(
        tmp_path,
        r"Let \(A \in \mathbb{R}^{n \times n}\). Write \(l_{ij}\) for the entries of the lower triangular "
        r"matrix \(L\).",
        r"""
\Require \(A \in \mathbb{R}^{n \times n}\)
\Ensure lower triangular \(L\) with \(L = A\) below the diagonal
\State \(L \gets 0\)
\For{\(i = 1, \dots, n\)}
  \For{\(j = 1, \dots, i\)}
    \State \(l_{ij} \gets a_{ij}\)
  \EndFor
\EndFor
\State \Return \(L\)
""",
    )
    listing = algoverify.load(note).listings[0]
    assert listing.inputs == ("A",)
    A = np.arange(1.0, 10.0).reshape(3, 3)
    np.testing.assert_array_equal(listing(A=A), np.tril(A))


def test_a_graph_given_by_its_parts_is_no_input(tmp_path):
    note = prose_note(
        tmp_path,
        r"A graph on the vertices \(V = \{1, \dots, n\}\) is given by its adjacency matrix \(A\).",
        r"""
\Require graph \(G = (V, E)\) with adjacency matrix \(A\)
\For{\(v \in V\)}
  \State \(d_v \gets \sum_{u \in V} a_{uv}\)
\EndFor
\State \Return \(d\)
""",
    )
    listing = algoverify.load(note).listings[0]
    assert listing.inputs == ("A",)
    np.testing.assert_array_equal(listing(A=np.array([[0, 1, 1], [1, 0, 0], [1, 0, 0]])), [2, 1, 1])


_MEANS = r"""
\Require \(Y \in \mathbb{R}^{I \times J}\)
\For{\(i = 1, \dots, I\)}
  \State \(\bar{Y}_{i.} \gets \frac{1}{J} \sum_{j=1}^{J} Y_{ij}\)
\EndFor
\State \(\bar{Y}_{..} \gets \frac{1}{I} \sum_{i=1}^{I} \bar{Y}_{i.}\)
\State \(SS_B \gets J \sum_{i=1}^{I} (\bar{Y}_{i.} - \bar{Y}_{..})^2\)
\State \Return \(SS_B\)
"""


@pytest.mark.parametrize("mark", [".", r"\cdot", "+"])
def test_dot_and_plus_subscripts_name_the_margins(tmp_path, mark):
    # Rice's \bar{Y}_{i.} (group means), \bar{Y}_{..} (the grand mean), Agresti's n_{i+}: families of their own
    body = _MEANS.replace("_{i.}", "_{i" + mark + "}")
    if mark != "+":
        body = body.replace("_{..}", "_{" + mark + mark + "}")
    note = prose_note(tmp_path, "Groups of equal size.", body)
    Y = np.array([[1.0, 3.0], [5.0, 7.0], [0.0, 2.0]])
    means = Y.mean(axis=1)
    expected = 2 * np.sum((means - means.mean()) ** 2)
    assert algoverify.load(note).listings[0](Y=Y) == pytest.approx(expected)


def test_a_sum_of_two_indices_stays_an_index(tmp_path):
    note = prose_note(
        tmp_path,
        r"The series \(x_1, \dots, x_n\) has lag \(k\).",
        r"""
\Require series \(x_1, \dots, x_n\), lag \(k\)
\State \(s \gets \sum_{t=1}^{n-k} x_{t+k} x_t\)
\State \Return \(s\)
""",
    )
    assert algoverify.load(note).listings[0](x=np.array([1.0, 2.0, 3.0]), k=1) == 8.0


def test_a_capital_word_with_a_subscript_is_one_name(tmp_path):
    # SS_W and SS_B, the sums of squares within and between: never S times S_W
    spec = property_spec(
        "the two sums of squares are non-negative",
        '{n: "integers(1, 4)", x: "randn(n)"}',
        r"SS_W \ge 0 \land SS_B \ge 0",
        check_id="split",
    )
    note = prose_note(
        tmp_path,
        r"The array \(x\) has \(n\) entries. The two sums of squares are non-negative.",
        r"""
\State \(SS_W \gets \sum_{i=1}^{n} x_i^2\)
\State \(SS_B \gets n \bar{x}^2\) \Comment{with \(\bar{x} = 0\)}
\State \Return \(SS_W\)
""".replace(r"n \bar{x}^2", "2 SS_W"),
        spec,
    )
    x = np.array([1.0, 2.0])
    assert algoverify.load(note).listings[0](x=x) == 5.0
    (outcome,) = api.check([note], seed=0, trials=10).notes[0].outcomes
    assert outcome.status == "verified", outcome.message


def test_a_table_its_margins_and_its_total(tmp_path):
    # Agresti: the I × J table N = (n_ij), its row totals n_{i+} and grand total n; I a size, not the identity
    spec = property_spec(
        "the row totals add up to the grand total",
        '{I: "integers(1, 4)", J: "integers(1, 4)", N: "integers(0, 9, I, J)"}',
        r"\sum_{i=1}^{I} n_{i+} = n",
        check_id="total",
    )
    note = prose_note(
        tmp_path,
        r"Let \(N = (n_{ij})\) be an \(I \times J\) table of counts. The row totals add up to the grand total.",
        r"""
\Require \(I \times J\) table of counts \(n_{ij} \ge 0\)
\State \(n \gets \sum_{i=1}^{I} \sum_{j=1}^{J} n_{ij}\)
\For{\(i = 1, \dots, I\)}
  \State \(n_{i+} \gets \sum_{j=1}^{J} n_{ij}\)
\EndFor
\State \Return \(n\)
""",
        spec,
    )
    listing = algoverify.load(note).listings[0]
    assert listing.inputs == ("N",)  # I and J are its sizes, not the identity
    assert listing(N=np.array([[1, 2], [3, 4]]), I=2, J=2) == 10
    (outcome,) = api.check([note], seed=0, trials=10).notes[0].outcomes
    assert outcome.status == "verified", outcome.message
