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


QUEUE_CALLS = r"""
\Require a count \(n \ge 1\)
\State \(Q \gets \emptyset\)
\For{\(i = 1, \dots, n\)}
  \State \Call{Enqueue}{$Q, i$}
\EndFor
\State \(s \gets 0\); \(k \gets 1\)
\While{\(Q \ne \emptyset\)}
  \State \(u \gets \Call{Dequeue}{Q}\)
  \State \(s \gets s + k u\)
  \State \(k \gets k + 1\)
\EndWhile
\State \Return \(s\)
"""


@pytest.mark.parametrize(
    ("adding", "taking", "expected"),
    [
        ("Enqueue", "Dequeue", 1 * 1 + 2 * 2 + 3 * 3),  # first in, first out
        ("Push", "Pop", 1 * 3 + 2 * 2 + 3 * 1),  # last in, first out
        ("ENQUEUE", "DEQUEUE", 14),  # CLRS's capitals
    ],
)
def test_clrs_queue_and_stack_procedures_are_the_container_operations(tmp_path, adding, taking, expected):
    body = QUEUE_CALLS.replace("Enqueue", adding).replace("Dequeue", taking)
    note = prose_note(tmp_path, "We weigh a container's members by the order they leave it.", body)
    assert api.load(note).listings[0].run({"n": 3}).value == expected


def test_a_queue_call_keeps_the_notes_spans(tmp_path):
    note = prose_note(tmp_path, "A queue.", QUEUE_CALLS)
    text = note.read_text()
    from algoverify.syntax import ir

    statements = [n for n in ir.walk(api.load(note).listings[0].algorithm) if isinstance(n, ir.TextStatement)]
    assert [[m.latex for m in s.text.math] for s in statements] == [["i", "Q"], ["u", "Q"]]
    for s in statements:
        for m in s.text.math:
            assert text[m.span.start : m.span.end] == m.latex


def test_a_listing_that_defines_the_procedure_keeps_its_own(tmp_path):
    body = r"""
\Function{Push}{$S, x$}
  \State \Return \(S + x\)
\EndFunction
\Require a number \(a\)
\State \(t \gets \Call{Push}{a, 2}\)
\State \Return \(t\)
"""
    note = prose_note(tmp_path, "A procedure of our own named Push.", body)
    assert api.load(note).listings[0].run({"a": 1.0}).value == 3.0


RUNNING_VARIANCE = r"""
\Require a sample \(x_1, \dots, x_n\)
\State \(V \gets 0\)
\For{\(i = 1, \dots, n\)}
  \State \(V \gets V + x_i^2\)
  \State \(\sigma_i^2 \gets V / i\)
\EndFor
\State \Return \(RESULT\)
"""


@pytest.mark.parametrize("returned", [r"\sigma^2", r"\sigma_1^2, \dots, \sigma_n^2"])
def test_a_family_stored_with_its_power_is_returned_by_its_name(tmp_path, returned):
    # round 67 (Nelson–Aalen): \sigma_i^2 \gets V in the loop, then \Return \sigma^2: "\sigma is not defined"
    note = prose_note(tmp_path, r"Running mean squares \(\sigma_i^2\).", RUNNING_VARIANCE.replace("RESULT", returned))
    result = api.load(note).listings[0].run({"x": np.array([1.0, 2.0, 3.0])})
    assert result.finding is None, result.finding
    np.testing.assert_allclose(np.asarray(result.value, dtype=float).ravel(), [1.0, 2.5, 14 / 3])


def test_a_power_of_a_labelled_name_is_no_family(tmp_path):
    # Otsu's \sigma_B^{2} \gets 0 (between-class variance) beside a spec reading \sigma_B^{2}: B is a label,
    # never an index of a family \sigma^2
    body = r"""
\Require a histogram \(p_1, \dots, p_L\)
\State \(\sigma_B^{2} \gets 0\)
\For{\(k = 1, \dots, L\)}
  \State \(\sigma_B^{2} \gets \max(\sigma_B^{2}, p_k)\)
\EndFor
\State \Return \(\sigma_B^{2}\)
"""
    from helpers import property_spec

    spec = property_spec("it is at most one", '{L: "integers(1, 5)", p: "simplex(L)"}', r"\sigma_B^{2} \le 1")
    note = prose_note(tmp_path, "The largest bin: it is at most one.", body, spec)
    (report,) = api.check([note], isolate=False, cache=False).notes
    assert [o.status for o in report.outcomes] == ["verified"], report.outcomes[0].message
