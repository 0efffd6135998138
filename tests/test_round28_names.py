r"""Readings of optimisation and image-processing listings (issue 19).

Each case is our own text: a capital subscript naming a quantity the listing assigns whole
(Otsu's ``m_G``), capital superscripts naming steps beside a matrix of the same letter
(``p^{B}`` beside ``B``), and the transpose of a function input's value (``J(x)^{\top}``).
"""

from __future__ import annotations

import numpy as np
from helpers import prose_note

import algoverify


def test_a_capital_subscript_of_a_name_assigned_whole_is_its_label(tmp_path):
    note = prose_note(
        tmp_path,
        r"The histogram \(p_0, \dots, p_{L-1}\) has \(L\) bins.",
        r"""
\State \(m_G \gets \sum_{i=0}^{L-1} i \, p_i\)
\State \Return \(m_G\)
""",
    )
    assert algoverify.load(note).listings[0](p=np.array([0.5, 0.25, 0.25])) == 0.75


def test_a_capital_superscript_the_listing_assigns_names_a_step_beside_a_matrix_of_that_letter(tmp_path):
    note = prose_note(
        tmp_path,
        r"Let \(B \in \mathbb{R}^{n \times n}\) be positive definite and \(g \in \mathbb{R}^{n}\).",
        r"""
\State \(p^{B} \gets -B^{-1} g\)
\State \(p^{U} \gets -g / 2\)
\State \Return \(p^{B} + p^{U}\)
""",
    )
    B, g = np.array([[2.0, 0.0], [0.0, 4.0]]), np.array([2.0, 4.0])
    np.testing.assert_allclose(algoverify.load(note).listings[0](B=B, g=g), [-2.0, -3.0])


def test_the_transpose_of_a_function_inputs_value(tmp_path):
    note = prose_note(
        tmp_path,
        r"Let \(r : \mathbb{R}^{n} \to \mathbb{R}^{m}\) have the Jacobian \(J : \mathbb{R}^{n} \to "
        r"\mathbb{R}^{m \times n}\).",
        r"""
\Function{Step}{\(r, J, x\)}
\State \Return \(-\left(J(x)^{\top} J(x)\right)^{-1} J(x)^{\top} r(x)\)
\EndFunction
""",
    )
    A = np.array([[1.0, 0.0], [0.0, 2.0], [1.0, 1.0]])
    got = algoverify.load(note).listings[0](r=lambda x: A @ x - 1, J=lambda x: A, x=np.zeros(2))
    np.testing.assert_allclose(got, np.linalg.solve(A.T @ A, A.T @ np.ones(3)))


def test_the_first_iterate_set_to_the_identity_has_the_listings_square_size(tmp_path):
    note = prose_note(
        tmp_path,
        r"Let \(A \in \mathbb{R}^{n \times n}\) be positive definite.",
        r"""
\State \(Y_0 \gets A\); \(Z_0 \gets I\)
\For{\(k = 0, \dots, 1\)}
  \State \(Y_{k+1} \gets \frac{1}{2} (Y_k + Z_k^{-1})\)
  \State \(Z_{k+1} \gets \frac{1}{2} (Z_k + Y_k^{-1})\)
\EndFor
\State \Return \(Z_2\)
""",
    )
    A = np.array([[4.0, 0.0], [0.0, 9.0]])
    got = algoverify.load(note).listings[0](A=A)
    assert got.shape == (2, 2) and got[0, 1] == 0.0


def test_an_identity_of_no_size_in_arithmetic_is_said_in_the_notations_words():
    run = algoverify.compile("\\begin{algorithmic}\n\\Require $x$\n\\State \\Return $x / I$\n\\end{algorithmic}")
    try:
        run(x=2.0)
    except algoverify.ExecutionError as exc:
        assert "an identity of no size" in str(exc) and "TypeError" not in str(exc)
    else:
        raise AssertionError("x / I ran")


def test_a_capital_subscript_that_is_also_a_size_stays_an_index(tmp_path):
    note = prose_note(
        tmp_path,
        r"The sequence \(x_1, \dots, x_T\) has \(T\) entries.",
        r"""
\State \(q_T \gets x_T\)
\For{\(t = T - 1, \dots, 1\)}
  \State \(q_t \gets q_{t+1} + x_t\)
\EndFor
\State \Return \(q\)
""",
    )
    np.testing.assert_array_equal(algoverify.load(note).listings[0](x=np.array([1.0, 2.0, 3.0])), [6.0, 5.0, 3.0])


def test_iterates_numbered_by_a_superscript_are_one_family_started_by_its_input(tmp_path):
    note = prose_note(
        tmp_path,
        r"Let \(x^{(0)} \in \mathbb{R}^{n}\) be the starting point, and let \(K \ge 0\) count the steps.",
        r"""
\For{\(k = 0, \dots, K - 1\)}
  \State \(x^{(k+1)} \gets x^{(k)} / 2\)
\EndFor
\State \Return \(x^{(K)}_1 + x^{(K)}_2\)
""",
    )
    assert algoverify.load(note).listings[0](x_of_0=np.array([4.0, 8.0]), K=2) == 3.0


def test_iterates_written_as_powers_in_a_loop_are_members_not_powers(tmp_path):
    note = prose_note(
        tmp_path,
        r"Let \(N \ge 1\) be the number of steps.",
        r"""
\State \(z^{0} \gets 1\)
\For{\(k = 0, \dots, N - 1\)}
  \State \(z^{k+1} \gets z^{k} + 2\)
\EndFor
\State \Return \(z^{N}\)
""",
    )
    assert algoverify.load(note).listings[0](N=3) == 7
