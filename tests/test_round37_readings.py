r"""Readings of algorithm textbooks (issue 19), from notes a new user wrote.

``c_{i_0 j}`` is the entry ``(i_0, j)`` (never the index ``i_0 \cdot j``); "an array \(B\) of \(m\)
bits" then ``B \gets 0`` is ``m`` zeros; ``p_1 \ge \dots \ge p_n > 0`` in ``\Require`` is the sorted
family ``p`` (the bound on each member); "sorted by \(x\)-coordinate" names no input ``x``; the
coordinates the prose names are read in a check's formulas too. The fixtures are our own text.
"""

from __future__ import annotations

import numpy as np
import pytest
from helpers import property_spec, prose_note

import algoverify
from algoverify import api
from algoverify.math.mathexpr import parse_math
from algoverify.math.names import identifier


@pytest.mark.parametrize("written", [r"c_{i_0 j}", r"c_{i \sigma_i}", r"c_{\pi_k j}"])
def test_a_subscripted_index_beside_a_letter_is_a_pair(written):
    tree = parse_math(written)
    assert len(tree.indices) == 2


def test_a_digit_times_a_letter_stays_one_index():
    tree = parse_math(r"x_{2k}")
    assert len(tree.indices) == 1 and identifier(tree) is None


def test_an_array_of_bits_set_to_zero(tmp_path):
    note = prose_note(
        tmp_path,
        r"The filter is an array \(B\) of \(m\) bits, all zero at the start, and the keys are \(x_1, \dots, x_n\).",
        r"""
\Require keys \(x_1, \dots, x_n\)
\State \(B \gets 0\)
\For{\(i = 1, \dots, n\)}
  \State \(B[x_i] \gets 1\)
\EndFor
\State \Return \(B\)
""",
    )
    got = algoverify.load(note).listings[0](x=np.array([1, 3]), m=4)
    np.testing.assert_array_equal(got, [1, 0, 1, 0])


def test_a_sorted_family_with_a_bound_and_a_hyphenated_word_in_a_require(tmp_path):
    note = prose_note(
        tmp_path,
        "The largest job first.",
        r"""
\Require times \(p_1 \ge p_2 \ge \dots \ge p_n > 0\), sorted by \(x\)-coordinate
\State \Return \(p_1\)
""",
    )
    listing = algoverify.load(note).listings[0]
    assert listing.inputs == ("p",)  # neither p_1, p_2, p_n nor the x of "x-coordinate"
    assert listing(p=np.array([3.0, 2.0, 1.0])) == 3.0


def test_coordinates_of_points_in_a_checks_formula(tmp_path):
    spec = property_spec(
        "the span is the width",
        '{n: "integers(2, 5)", P: "randn(n, 2)"}',
        r"s = \max_i x_i - \min_i x_i",
        check_id="width",
    )
    note = prose_note(
        tmp_path,
        r"The points \(p_1, \dots, p_n\) are the rows of \(P\); a point \(p_i = (x_i, y_i)\) has coordinates "
        r"\(x_i\) and \(y_i\). The span is the width.",
        r"""
\Require points \(p_1, \dots, p_n\)
\State \(s \gets \max_i x_i - \min_i x_i\)
\State \Return \(s\)
""",
        spec,
    )
    (outcome,) = api.check([note], seed=0, trials=10).notes[0].outcomes
    assert outcome.status == "verified", outcome.message


def test_a_set_the_require_bounds_and_the_prose_defines(tmp_path):
    # "Let U = {1, …, n} be a universe of n elements", then \Require each S_j \subseteq U: U is the prose's set
    note = prose_note(
        tmp_path,
        r"Let \(U = \{1, \dots, n\}\) be a universe of \(n\) elements.",
        r"""
\Require sets \(S_1, \dots, S_m\), each \(S_j \subseteq U\)
\State \(c \gets \lvert U \rvert - \lvert S_1 \rvert\)
\State \Return \(c\)
""",
    )
    listing = algoverify.load(note).listings[0]
    assert "U" not in listing.inputs
    assert listing(S=[{1}, {2, 3}], n=3) == 2


def test_points_stored_as_the_rows_of_a_matrix(tmp_path):
    note = prose_note(
        tmp_path,
        r"Let \(P\) be a set of \(n\) points \(p_1, \dots, p_n\) in the plane, stored as the rows of an "
        r"\(n \times 2\) matrix.",
        r"""
\Function{Far}{\(P\)}
  \State \Return \(\max_{1 \le i \le n} \lVert p_i \rVert\)
\EndFunction
""",
    )
    assert algoverify.load(note).listings[0](P=np.array([[3.0, 4.0], [1.0, 0.0]])) == 5.0


def test_entries_of_an_output_named_by_a_label_in_a_checks_formula(tmp_path):
    # CLRS's FasterAPSP returns L^{(m)}; a claim about its entries writes l_{ij}
    spec = property_spec(
        "every entry is at most its row's largest",
        '{n: "integers(1, 4)", W: "randn(n, n)"}',
        r"\forall 1 \le i \le n : \forall 1 \le j \le n : l_{ij} \le \max_k l_{ik}",
    )
    note = prose_note(
        tmp_path,
        r"Let \(W \in \mathbb{R}^{n \times n}\). Every entry is at most its row's largest.",
        r"""
\State \(m \gets 1\)
\State \(L^{(m)} \gets W\)
\State \Return \(L^{(m)}\)
""",
        spec,
    )
    (outcome,) = api.check([note], seed=0, trials=10).notes[0].outcomes
    assert outcome.status == "verified", outcome.message
