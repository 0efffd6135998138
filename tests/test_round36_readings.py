r"""Readings of numerical-analysis and statistics papers (issue 19), from notes a new user wrote.

``x_0 \gets 0`` returned before any pass is the zero of the shape the reference gives; ``A^{+}`` of
a matrix is its pseudo-inverse; ``\oslash`` is the quotient entry by entry; ``P \land Q \quad \forall i
= 1, \dots, n`` quantifies ``Q``; the entries ``h_{ii}`` of a matrix ``H`` the listing assigns are its
own; a citation (``[2, §8.2]``, ``52 (1956), 449–475``) states no number. The fixtures are our own.
"""

from __future__ import annotations

import numpy as np
import pytest
from helpers import property_spec, prose_note

import algoverify
from algoverify import api
from algoverify.math.mathexpr import parse_math


def test_a_zero_start_returned_before_any_pass_matches_a_zero_vector(tmp_path):
    (tmp_path / "ref.py").write_text(
        "import numpy as np\n\ndef steps(A, b, K):\n"
        "    x = np.zeros(A.shape[1])\n"
        "    for _ in range(K):\n        x = x + 0.1 * A.T @ (b - A @ x)\n    return x\n"
    )
    note = tmp_path / "note.md"
    note.write_text(
        "---\nalgoverify:\n  module: ref.py\n  checks:\n    - id: r\n      kind: reference\n      listing: 1\n"
        '      claim: "The iteration"\n'
        '      inputs: {m: "integers(1, 3)", n: "integers(1, 3)", A: "randn(m, n)", b: "randn(m)", K: "integers(0, 3)"}\n'
        "      reference: steps\n---\n\n"
        r"Let \(A \in \mathbb{R}^{m \times n}\) and \(b \in \mathbb{R}^{m}\). The iteration."
        "\n\n\\begin{algorithmic}\n"
        "\\State \\(x_0 \\gets 0\\)\n\\For{\\(k = 1, \\dots, K\\)}\n"
        "  \\State \\(x_k \\gets x_{k-1} + \\tfrac{1}{10} A^{\\top} (b - A x_{k-1})\\)\n\\EndFor\n"
        "\\State \\Return \\(x_K\\)\n\\end{algorithmic}\n"
    )
    (outcome,) = api.check([note], seed=0, trials=20).notes[0].outcomes
    assert outcome.status == "verified", outcome.message  # K = 0 among the draws: x_0 is the zero vector


def test_the_pseudo_inverse_of_a_matrix(tmp_path):
    note = prose_note(
        tmp_path,
        r"Let \(A \in \mathbb{R}^{m \times n}\) and \(b \in \mathbb{R}^{m}\).",
        r"\State \(x \gets A^{+} b\)" + "\n" + r"\State \Return \(x\)",
    )
    A, b = np.array([[1.0, 0.0], [0.0, 2.0], [0.0, 0.0]]), np.array([1.0, 4.0, 5.0])
    np.testing.assert_allclose(algoverify.load(note).listings[0](A=A, b=b), [1.0, 2.0])


def test_oslash_divides_entry_by_entry(tmp_path):
    note = prose_note(
        tmp_path,
        r"Let \(P, Q \in \mathbb{R}^{m \times n}\) have positive entries.",
        r"\State \(R \gets P \oslash Q\)" + "\n" + r"\State \Return \(R\)",
    )
    P, Q = np.array([[2.0, 3.0]]), np.array([[4.0, 6.0]])
    np.testing.assert_array_equal(algoverify.load(note).listings[0](P=P, Q=Q), [[0.5, 0.5]])


def test_a_quantifier_after_a_conjunction_with_its_range():
    tree = parse_math(r"t = p \land 0 \le h_{ii} \le 1 \quad \forall i = 1, \dots, n")
    assert type(tree).__name__ == "Logic"
    quant = tree.args[-1]
    assert type(quant).__name__ == "Quant" and type(quant.var).__name__ == "In"


def test_the_entries_of_a_matrix_the_listing_assigns_are_its_own(tmp_path):
    note = prose_note(
        tmp_path,
        r"Let \(X \in \mathbb{R}^{n \times p}\) have full column rank. The hat matrix "
        r"\(H = X (X^{\top} X)^{-1} X^{\top}\) has diagonal entries \(h_{ii}\).",
        r"""
\State \(H \gets X (X^{\top} X)^{-1} X^{\top}\)
\State \Return \(\sum_{i=1}^{n} h_{ii}\)
""",
    )
    listing = algoverify.load(note).listings[0]
    assert listing.inputs == ("X",)
    assert listing(X=np.array([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]])) == pytest.approx(2.0)


@pytest.mark.parametrize(
    "sentence",
    [
        "We follow the presentation of Owen [2, §8.2].",
        "The method is Theorem 28.3 of the book [1, Theorem 28.3].",
        "J. M. Hammersley and K. W. Morton, A new Monte Carlo technique, Proc. Camb. Phil. Soc. 52 (1956), 449–475.",
    ],
)
def test_a_citation_states_no_number(tmp_path, sentence):
    note = tmp_path / "note.md"
    note.write_text(sentence + "\n")
    assert [f.code for f in api.lint([note]).all_findings() if f.code == "AV604"] == []


def test_a_let_over_what_the_run_computes_waits_for_the_run(tmp_path):
    # r_1 reads the residuals e_t the listing computes; given: reads the inputs only and is asked before the run
    spec = property_spec(
        "the ratio is at most one",
        '{n: "integers(2, 6)", y: "integers(-2, 2, n)"}',
        r"r_1 \le 1",
        given=r"\sum_{t=1}^{n} y_t^{2} > 0",
        let=r"{r_1: '\frac{\sum_{t=2}^{n} e_t e_{t-1}}{\sum_{t=1}^{n} e_t^{2}}'}",
        check_id="lag",
    )
    note = prose_note(
        tmp_path,
        r"The series \(y\) has \(n\) entries. The ratio is at most one.",
        r"""
\For{\(t = 1, \dots, n\)}
  \State \(e_t \gets y_t\)
\EndFor
\State \(s \gets \sum_{t=1}^{n} e_t^{2}\)
\State \Return \(s\)
""",
        spec,
    )
    (outcome,) = api.check([note], seed=0, trials=30).notes[0].outcomes
    assert outcome.status == "verified", outcome.message  # y = 0 skipped by given:, never a division by zero
