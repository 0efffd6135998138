r"""Readings that were silent guesses on notes of computational geometry and graphs (issue 19).

``p \times q`` of two vectors of the plane is their cross product (a number), never the product
entry by entry; a ``\ForAll`` whose header restricts its set in words ("with \(a_{uv} =
1\)") runs over the members where the condition holds, and one it cannot read is refused at
lint, never run over the whole set. The fixtures are our own text.
"""

from __future__ import annotations

import numpy as np
import pytest
from helpers import property_spec, prose_note

import algoverify
from algoverify import api

_FILTERED = r"""
\Require set \(R\), matrix \(A\) with entries \(a_{uv}\), vertex \(v\), vector \(d\)
\ForAll{\(u \in R\) with \(a_{uv} = 1\)}
  \State \(d_u \gets d_u - 1\)
\EndFor
\State \Return \(d\)
"""


@pytest.mark.parametrize("words", ["with", "such that", "where"])
def test_a_condition_after_a_forall_set_restricts_it(tmp_path, words):
    note = tmp_path / "note.md"
    body = _FILTERED.strip().replace(" with ", f" {words} ", 1)
    note.write_text(f"\\begin{{algorithmic}}\n{body}\n\\end{{algorithmic}}\n")
    assert [f.code for f in api.lint([note]).all_findings()] == []
    run = algoverify.load(note).listings[0]
    A = np.array([[0, 1, 0], [1, 0, 1], [0, 1, 0]])
    # the neighbours of vertex 2 lose one each; vertex 2 itself (a_22 = 0) keeps its count
    np.testing.assert_array_equal(run(R={1, 2, 3}, A=A, v=2, d=np.array([5, 5, 5])), [4, 5, 4])


def test_a_condition_in_more_words_after_a_forall_set_is_a_lint_finding(tmp_path):
    note = tmp_path / "note.md"
    body = _FILTERED.strip().replace(r"with \(a_{uv} = 1\)", r"with \(a_{uv} = 1\) and not yet seen", 1)
    note.write_text(f"\\begin{{algorithmic}}\n{body}\n\\end{{algorithmic}}\n")
    found = [f for f in api.lint([note]).all_findings() if f.code == "AV308"]
    assert len(found) == 1 and "is not read" in found[0].message
    assert note.read_text()[found[0].span.start : found[0].span.end].startswith("with")


@pytest.mark.parametrize(
    ("p", "q", "expected"),
    [
        ([0.0, 1.0], [1.0, 0.0], -1.0),  # of the plane: the number p_1 q_2 - p_2 q_1 (CLRS's orientation test)
        ([1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]),  # of space: e_1 × e_2 = e_3
    ],
)
def test_times_of_two_vectors_is_their_cross_product(tmp_path, p, q, expected):
    note = prose_note(
        tmp_path,
        f"Let \\(p, q \\in \\mathbb{{R}}^{{{len(p)}}}\\) be two directions.",
        r"""
\State \(s \gets p \times q\)
\State \Return \(s\)
""",
    )
    got = algoverify.load(note).listings[0](p=np.array(p), q=np.array(q))
    np.testing.assert_array_equal(got, expected)


def test_times_of_two_longer_vectors_is_refused(tmp_path):
    note = prose_note(tmp_path, r"Let \(p, q \in \mathbb{R}^{n}\).", r"\State \(s \gets p \times q\)")
    with pytest.raises(algoverify.ExecutionError, match="cross product takes two of 2 or 3"):
        algoverify.load(note).listings[0](p=np.ones(4), q=np.ones(4))


_FARTHEST = r"""
\Require points \(p_1, \dots, p_n\)
\State \(s \gets 0\)
\For{\(i = 1, \dots, n\)}
  \State \(s \gets s + \lVert p_i \rVert^2\)
\EndFor
\State \Return \(s\)
"""


def test_a_family_the_listing_takes_is_the_rows_of_the_matrix_the_spec_draws(tmp_path):
    # "points p_1, …, p_n" in the listing, the n × d matrix P in the spec: p_i is row i of P
    (tmp_path / "ref.py").write_text("import numpy as np\n\ndef squares(P):\n    return float(np.sum(P ** 2))\n")
    note = tmp_path / "note.md"
    note.write_text(
        "---\nalgoverify:\n  module: ref.py\n  checks:\n    - id: sum\n      kind: reference\n      listing: 1\n"
        '      claim: "The listing adds the squared norms"\n'
        '      inputs: {n: "integers(1, 5)", d: "integers(1, 3)", P: "randn(n, d)"}\n      reference: squares\n---\n\n'
        "The listing adds the squared norms.\n\n\\begin{algorithmic}\n" + _FARTHEST.strip() + "\n\\end{algorithmic}\n"
    )
    (outcome,) = api.check([note], seed=0, trials=20).notes[0].outcomes
    assert outcome.status == "verified", outcome.message


def test_each_member_non_zero_is_a_precondition_of_the_family(tmp_path):
    # the step divides by \lVert x_t \rVert^2: the prose rules out a zero instance, so no draw refutes on one
    spec = property_spec(
        "every step is finite",
        '{T: "integers(1, 4)", n: "integers(1, 2)", X: "integers(-1, 1, T, n)"}',
        r"s > 0",
        check_id="unit",
    )
    note = prose_note(
        tmp_path,
        r"Instances \(x_1, \dots, x_T \in \mathbb{R}^{n}\), stored as the rows of \(X \in \mathbb{R}^{T \times n}\), "
        r"each non-zero, arrive one by one. Every step is finite.",
        r"""
\Require instances \(x_1, \dots, x_T\)
\State \(s \gets 0\)
\For{\(t = 1, \dots, T\)}
  \State \(s \gets s + 1 / \lVert x_t \rVert^2\)
\EndFor
\State \Return \(s\)
""",
        spec,
    )
    (outcome,) = api.check([note], seed=0, trials=30).notes[0].outcomes
    assert outcome.status == "verified", outcome.message
    assert "each row (each entry) of x is not zero does not hold" in outcome.message


def test_a_set_builder_whose_condition_writes_the_range(tmp_path):
    # the labels of the earlier intervals that overlap interval j: i runs over 1, …, j - 1
    note = prose_note(
        tmp_path,
        r"The intervals \([s_i, f_i)\), \(i = 1, \dots, n\), carry labels \(\ell_1, \dots, \ell_n\).",
        r"""
\Require starts \(s_1, \dots, s_n\), finishes \(f_1, \dots, f_n\), labels \(\ell_1, \dots, \ell_n\), index \(j\)
\State \(E \gets \{ \ell_i : 1 \le i < j,\ f_i > s_j \}\)
\State \Return \(E\)
""",
    )
    run = algoverify.load(note).listings[0]
    got = run(s=np.array([0, 1, 2, 5]), f=np.array([3, 2, 6, 7]), ell=np.array([10, 20, 30, 40]), j=4)
    assert got == {30}  # interval 1 ends at 3 and interval 2 at 2, before 5; interval 3 ends at 6


_PAIRS = """  checks:
    - id: pairs
      kind: property
      listing: 1
      claim: "the output is sorted"
      inputs: {{n: "integers(2, 6)", a: "randn(n)"}}
      holds: '\\forall 1 \\le i < j \\le n: {relation}'
"""


@pytest.mark.parametrize(("relation", "status"), [("y_i \\le y_j", "verified"), ("y_i < y_i", "refuted")])
def test_a_quantifier_over_ordered_pairs(tmp_path, relation, status):
    note = prose_note(
        tmp_path,
        r"The array \(a\) has \(n\) entries. The output is sorted: its sums of squares only grow.",
        r"""
\For{\(i = 1, \dots, n\)}
  \State \(y_i \gets \sum_{k=1}^{i} a_k^2\)
\EndFor
\State \Return \(y\)
""",
        _PAIRS.format(relation=relation),
    )
    (outcome,) = api.check([note], seed=0, trials=20).notes[0].outcomes
    assert outcome.status == status, outcome.message


def test_a_table_stored_by_its_argument(tmp_path):
    # Kleinberg and Tardos write p(j) for the last request compatible with j, and store it so
    note = prose_note(
        tmp_path,
        r"The requests \(1, \dots, n\) have finish times \(f_1 \le \dots \le f_n\) and start times \(s_1, \dots, s_n\).",
        r"""
\For{\(j = 1, \dots, n\)}
  \State \(i \gets j - 1\)
  \While{\(i \ge 1\) \textbf{and} \(f_i > s_j\)}
    \State \(i \gets i - 1\)
  \EndWhile
  \State \(p(j) \gets i\)
\EndFor
\State \Return \(p(n)\)
""",
    )
    run = algoverify.load(note).listings[0]
    assert run(f=np.array([2.0, 3.0, 5.0]), s=np.array([0.0, 1.0, 2.5])) == 1


def test_coordinates_the_prose_names_are_the_points(tmp_path):
    # CLRS: "a point p_i = (x_i, y_i)"; On-Segment(p_i, p_j, p_k) reads x_k, the first coordinate of p_k
    note = prose_note(
        tmp_path,
        r"A point \(p_i = (x_i, y_i)\) has coordinates \(x_i\) and \(y_i\).",
        r"""
\Function{Between}{\(p_i, p_j, p_k\)}
  \State \Return \(\min(x_i, x_j) \le x_k \le \max(x_i, x_j) \land \min(y_i, y_j) \le y_k \le \max(y_i, y_j)\)
\EndFunction
""",
    )
    run = algoverify.load(note).listings[0]
    assert run(p_i=np.array([0, 0]), p_j=np.array([4, 2]), p_k=np.array([2, 1])) is True
    assert run(p_i=np.array([0, 0]), p_j=np.array([4, 2]), p_k=np.array([2, 3])) is False


def test_a_zero_array_whose_shape_the_prose_gives(tmp_path):
    # "a table T of m × k counters, all zero at the start", then T \gets 0 and T[a, b] \gets T[a, b] + 1
    note = prose_note(
        tmp_path,
        r"The tally is an array \(T\) of \(m \times k\) counters, all zero at the start, and the pairs "
        r"\((a_t, b_t)\), \(t = 1, \dots, N\), are its updates.",
        r"""
\Require pairs \(a_1, \dots, a_N\), \(b_1, \dots, b_N\)
\State \(T \gets 0\)
\For{\(t = 1, \dots, N\)}
  \State \(T[a_t, b_t] \gets T[a_t, b_t] + 1\)
\EndFor
\State \Return \(T\)
""",
    )
    run = algoverify.load(note).listings[0]
    got = run(a=np.array([1, 1, 2]), b=np.array([2, 2, 1]), m=3, k=2)
    np.testing.assert_array_equal(got, [[0, 2], [1, 0], [0, 0]])  # the third row and a column never stored: zeros
