r"""Readings papers of algorithms need (issue 19), from notes a new user wrote.

A family a listing returns (``\Return s_1, \dots, s_m``) has its points as rows, as a family of
points comes in; ``\arg\min_{i, j \in \mathcal{C}, i < j}`` runs over the pairs of ``\mathcal{C}``;
``\max_{i, j \in S}`` over both names in ``S`` (``(u, v) \in E`` stays one pair); a name
``\Require`` only mentions that the prose defines (``\Sigma = \{1, \dots, \sigma\}``) is that
definition; ``a \land \forall l = 1, \dots, i : P`` quantifies ``P`` over ``1, …, i``. The fixtures
are our own text.
"""

from __future__ import annotations

import numpy as np
import pytest
from helpers import property_spec, prose_note

import algoverify
from algoverify import api
from algoverify.math.mathexpr import parse_math
from algoverify.reading.notes import read_note
from algoverify.reading.prose import sentences


def test_a_returned_family_of_points_has_them_as_rows(tmp_path):
    note = prose_note(
        tmp_path,
        r"The points \(p_1, \dots, p_n\) are in the plane.",
        r"""
\Require points \(p_1, \dots, p_n\)
\State \(s_1 \gets p_1\); \(s_2 \gets p_n\)
\State \Return \(s_1, \dots, s_2\)
""",
    )
    got = algoverify.load(note).listings[0](p=np.array([[0.0, 1.0], [2.0, 3.0], [4.0, 5.0]]))
    np.testing.assert_array_equal(got, [[0.0, 1.0], [4.0, 5.0]])


def test_a_bracketed_family_is_the_matrix_of_its_columns(tmp_path):
    note = prose_note(
        tmp_path,
        r"The vectors \(q_1, q_2 \in \mathbb{R}^{3}\).",
        r"""
\Require \(q_1, q_2\)
\State \(Q \gets [q_1, \dots, q_2]\)
\State \Return \(Q\)
""",
    )
    got = algoverify.load(note).listings[0](q_1=np.array([1.0, 2.0, 3.0]), q_2=np.array([4.0, 5.0, 6.0]))
    np.testing.assert_array_equal(got, [[1.0, 4.0], [2.0, 5.0], [3.0, 6.0]])


def test_an_arg_min_over_the_pairs_of_a_set(tmp_path):
    # the closest pair of clusters, as single linkage writes it
    note = prose_note(
        tmp_path,
        r"The dissimilarities \(d_{ij}\) form a symmetric matrix \(D\), and \(\mathcal{C} = \{1, 2, 3\}\).",
        r"""
\Require matrix \(D\) with entries \(d_{ij}\)
\State \((a, b) \gets \arg\min_{i, j \in \mathcal{C},\, i < j} d_{ij}\)
\State \Return \(a, b\)
""",
    )
    D = np.array([[0.0, 5.0, 2.0], [5.0, 0.0, 1.0], [2.0, 1.0, 0.0]])
    assert algoverify.load(note).listings[0](D=D) == (2, 3)


@pytest.mark.parametrize(
    ("formula", "expected"),
    [
        (r"\max_{i, j \in S} d_{ij}", 9.0),  # each of i and j in S
        (r"\max_{(i, j) \in E} d_{ij}", 2.0),  # one pair in E
    ],
)
def test_two_names_in_a_set_and_a_pair_in_a_set(tmp_path, formula, expected):
    note = prose_note(
        tmp_path,
        r"The matrix \(D\) has entries \(d_{ij}\); \(S = \{1, 3\}\) and \(E = \{(1, 2)\}\).",
        r"\Require matrix \(D\) with entries \(d_{ij}\)" + "\n" + rf"\State \Return \({formula}\)",
    )
    D = np.array([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0]])
    assert algoverify.load(note).listings[0](D=D) == expected


def test_a_set_the_require_mentions_and_the_prose_defines(tmp_path):
    note = prose_note(
        tmp_path,
        r"The text is over the alphabet \(\Sigma = \{1, \dots, \sigma\}\) of \(\sigma \ge 1\) letters.",
        r"""
\Require text \(t = t_1 t_2 \dots t_n\) over \(\Sigma\)
\State \(c \gets 0\)
\ForAll{\(a \in \Sigma\)}
  \State \(c \gets c + a\)
\EndFor
\State \Return \(c\)
""",
    )
    listing = algoverify.load(note).listings[0]
    assert "Sigma" not in listing.inputs
    assert listing(t=np.array([1, 2]), sigma=3) == 6


def test_a_quantifier_after_and_keeps_its_range():
    tree = parse_math(r"a \land \forall l = 1, \dots, i : b_l = 0")
    assert type(tree).__name__ == "Logic" and type(tree.args[1]).__name__ == "Quant"
    assert type(tree.args[1].var).__name__ == "In"  # l ∈ {1, …, i}, its body the relation


def test_a_quantifier_after_and_in_a_check(tmp_path):
    spec = property_spec(
        "the first entry is one and the others vanish",
        '{n: "integers(1, 5)"}',
        r"e_1 = 1 \land \forall i = 2, \dots, n : e_i = 0",
        check_id="head",
    )
    note = prose_note(
        tmp_path,
        r"The vector \(e\) has \(n\) entries. The first entry is one and the others vanish.",
        r"""
\Require \(n\)
\State \(e \gets \operatorname{zeros}(n)\)
\State \(e_1 \gets 1\)
\State \Return \(e\)
""",
        spec,
    )
    (outcome,) = api.check([note], seed=0, trials=10).notes[0].outcomes
    assert outcome.status == "verified", outcome.message


@pytest.mark.parametrize(
    "citation",
    [
        "(*A simple min-cut algorithm*, J. ACM 44(4), 1997)",
        "(Phil. Mag. 50, 1900; see Agresti, *Categorical Data Analysis*, 3rd ed., 2013, p. 38)",
        "(SIAM J. Sci. Comput. 19, 1998, 1–20)",
    ],
)
def test_a_reference_in_parentheses_states_no_number(tmp_path, citation):
    # its year, volume and pages are no claims, and its abbreviations end no sentence
    note = tmp_path / "note.md"
    note.write_text(f"Stoer and Wagner {citation} find a minimum cut of a weighted graph.\n")
    said = sentences(read_note(note), [])
    assert len(said) == 1 and said[0].text.endswith("weighted graph.")
    assert [f.code for f in api.lint([note]).all_findings() if f.code == "AV604"] == []
