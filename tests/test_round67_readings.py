r"""Notation round 67's notes wrote that a reader takes one way and algoverify took another (the fixtures are ours)."""

from __future__ import annotations

import numpy as np
import pytest
from helpers import prose_note

from algoverify import api

REFLECT = r"""
\Require a sign \(d \in \{-1, 1\}\)
\State \(D \gets \operatorname{diag}(1, 1, d)\)
\State \Return \(D\)
"""


@pytest.mark.parametrize("d", [1.0, -1.0])
def test_diag_of_several_numbers_is_the_matrix_with_that_diagonal(tmp_path, d):
    # Kabsch's correction diag(1, 1, d): three entries, never NumPy's (vector, offset)
    note = prose_note(tmp_path, "The reflection that fixes the sign of a rotation.", REFLECT)
    np.testing.assert_array_equal(api.load(note).listings[0].run({"d": d}).value, np.diag([1.0, 1.0, d]))


@pytest.mark.parametrize(
    ("written", "expected"),
    [
        (r"\operatorname{diag}(v)", np.diag([2.0, 3.0])),  # a vector: its diagonal matrix
        (r"\operatorname{diag}(v v^{\top})", np.array([4.0, 9.0])),  # a matrix: its diagonal
    ],
)
def test_diag_of_one_value_keeps_its_two_meanings(tmp_path, written, expected):
    body = f"\\Require vector \\(v \\in \\mathbb{{R}}^{{2}}\\)\n\\State \\(D \\gets {written}\\)\n\\State \\Return \\(D\\)\n"
    note = prose_note(tmp_path, "A diagonal.", body)
    np.testing.assert_array_equal(api.load(note).listings[0].run({"v": np.array([2.0, 3.0])}).value, expected)


WEIGHTS = r"""
\Require distances \(d_1, \dots, d_M\), precision \(\beta > 0\)
\State \(P_j \gets \exp(-\beta d_j)\) for \(j = 1, \dots, M\)
\State \(s \gets \sum_{j=1}^{M} P_j\)
\State \Return \(RESULT\)
"""


@pytest.mark.parametrize(
    ("written", "expected"),
    [
        (r"P / s", lambda p: p / p.sum()),  # t-SNE's x2p: the members stored, read whole
        (r"2 P", lambda p: 2 * p),
        (r"1 - P", lambda p: 1 - p),
        (r"P + d", lambda p: p + np.array([0.0, 1.0, 2.0])),
        (r"-P", lambda p: -p),
    ],
)
def test_members_stored_one_by_one_are_the_vector_read_whole(tmp_path, written, expected):
    note = prose_note(tmp_path, r"Weights of the distances \(d_j\).", WEIGHTS.replace("RESULT", written))
    d = np.array([0.0, 1.0, 2.0])
    result = api.load(note).listings[0].run({"d": d, "beta": 1.0})
    assert result.finding is None, result.finding
    np.testing.assert_allclose(result.value, expected(np.exp(-d)))


INVERSE = r"""
\Require a prime \(p\), coefficients \(c_1, \dots, c_m\)
\State \(v \gets c_1^{-1} \bmod p\)
\State \Return \(v\)
"""


@pytest.mark.parametrize("given", [np.array([3, 5, 2]), np.array([3.0, 5.0, 2.0]), [3, 5, 2]])
def test_entries_the_note_declares_integers_stay_integers(tmp_path, given):
    # round 67 (Hensel lifting): integer coefficients held as floats made u^{-1} \bmod p the real 1/u mod p
    prose = r"Let \(p\) be a prime and \(c_1, \dots, c_m \in \mathbb{Z}\) the coefficients."
    note = prose_note(tmp_path, prose, INVERSE)
    result = api.load(note).listings[0].run({"p": 7, "c": given})
    assert result.finding is None, result.finding
    assert result.value == 5 and isinstance(result.value, int)  # 3 · 5 = 15 ≡ 1 (mod 7)
