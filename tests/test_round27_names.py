r"""Readings of notes in the style of machine-learning and algorithms texts (issue 19).

Each case is our own text: a design matrix whose rows the prose writes transposed, a weight
vector the prose introduces by a noun and the listing updates from its first statement, families
numbered from 0 beside families numbered from 1 in one listing, and properties said of a
formula rather than of a name.
"""

from __future__ import annotations

import numpy as np
import pytest
from helpers import prose_note

import algoverify

_note = prose_note


def test_rows_written_transposed_and_a_vector_the_prose_names_come_in(tmp_path):
    note = _note(
        tmp_path,
        r"The design matrix \(\Phi \in \mathbb{R}^{N \times M}\) has rows \(\phi_1^{\top}, \dots, \phi_N^{\top}\) "
        r"and targets \(t_1, \dots, t_N\); we start from an initial weight vector \(w\).",
        r"""
\For{\(n = 1, \dots, N\)}
  \State \(w \gets w + (t_n - w^{\top} \phi_n) \phi_n\)
\EndFor
\State \Return \(w\)
""",
    )
    run = algoverify.load(note).listings[0]
    assert set(run.inputs) >= {"Phi", "t", "w"}
    Phi, t = np.array([[1.0, 0.0], [0.0, 1.0]]), np.array([2.0, 3.0])
    np.testing.assert_allclose(run(Phi=Phi, t=t, w=np.zeros(2)), [2.0, 3.0])


def test_a_family_from_0_beside_a_family_from_1_each_counts_from_its_first(tmp_path):
    # CLRS writes p_1, …, p_n beside q_0, q_1, …, q_n in one listing
    note = _note(
        tmp_path,
        r"We are given \(n\) distinct keys \(k_1 < \dots < k_n\) with probabilities \(p_1, \dots, p_n\) "
        r"and dummy weights \(q_0, q_1, \dots, q_n\).",
        r"""
\Function{Weights}{\(p, q, n\)}
  \State \(w \gets q_0\)
  \For{\(j = 1, \dots, n\)}
    \State \(w \gets w + p_j + q_j\)
  \EndFor
  \State \Return \(w\)
\EndFunction
""",
    )
    run = algoverify.load(note).listings[0]
    assert run(p=np.array([0.1, 0.2]), q=np.array([1.0, 2.0, 4.0]), n=2) == pytest.approx(7.3)


def test_adjectives_before_a_family_are_not_said_of_the_count_before_them(tmp_path):
    note = _note(
        tmp_path,
        r"We are given \(n\) distinct keys \(k_1 < \dots < k_n\).",
        r"\Function{Count}{\(k, n\)}" "\n" r"\State \Return \(n\)" "\n" r"\EndFunction",
    )
    run = algoverify.load(note).listings[0]
    said = {key for d in run.program.declarations.inputs for key, *_ in d.properties if d.name == "n"}
    assert "distinct" not in said  # the keys are distinct; n is their count


def test_a_family_whose_length_is_a_formula_still_says_where_it_starts(tmp_path):
    note = _note(
        tmp_path,
        r"Let \(f_0, \dots, f_{4m}\) be the values at the \(4m + 1\) nodes.",
        r"""
\Function{Ends}{\(f, m\)}
  \State \Return \(f_0 + f_{4m}\)
\EndFunction
""",
    )
    assert algoverify.load(note).listings[0](f=np.arange(9.0), m=2) == 8.0  # f_0 is the first value


def test_a_property_of_a_formula_is_not_said_of_the_matrix_in_it(tmp_path):
    note = _note(
        tmp_path,
        r"Let \(A \in \mathbb{R}^{n \times n}\) be a matrix whose symmetric part \((A + A^{\top})/2\) is positive "
        r"definite.",
        r"\Function{Trace}{\(A\)}" "\n" r"\State \Return \(\operatorname{tr} A\)" "\n" r"\EndFunction",
    )
    A = np.array([[1.0, 3.0], [-3.0, 1.0]])  # not symmetric, so not positive definite; its symmetric part is
    assert algoverify.load(note).listings[0](A=A) == 2.0


def test_whole_numbers_to_negative_powers_are_fractions():
    run = algoverify.compile(
        "\\begin{algorithmic}\n\\Require $\\ell, n$\n\\State \\Return $\\sum_{i=1}^{n} 2^{-\\ell_i}$\n\\end{algorithmic}"
    )
    assert run(ell=np.array([1, 2, 2], dtype=np.int64), n=3) == 1.0  # Kraft's sum of a complete code


def test_a_set_of_points_stored_as_a_matrix_comes_as_that_matrix(tmp_path):
    note = _note(
        tmp_path,
        r"Let \(P\) be a set of \(n\) points in the plane, stored as an \(n \times 2\) matrix with rows "
        r"\(p_1, \dots, p_n\).",
        r"""
\State \(c \gets p_1\)
\For{\(i = 2, \dots, n\)}
  \State \(c \gets c + p_i\)
\EndFor
\State \Return \(c / n\)
""",
    )
    run = algoverify.load(note).listings[0]
    assert set(run.inputs) == {"P"}
    np.testing.assert_allclose(run(P=np.array([[0.0, 0.0], [2.0, 4.0]])), [1.0, 2.0])
