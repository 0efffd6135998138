r"""Round 71 (a new user's notes, written from textbooks): what it found, held (the fixtures are ours)."""

from __future__ import annotations

import numpy as np
import pytest

import algoverify
from algoverify import api

LISTING = r"""
\begin{algorithmic}[1]
\Function{F}{\(A\)}
  \State \(s \gets \lVert a_1 \rVert\)
  \State \(u \gets a_1 / s\)
  \State \Return \(u\)
\EndFunction
\end{algorithmic}
"""


@pytest.mark.parametrize(
    ("sentence", "bad", "said"),
    [
        # round 71: "of full column rank" after the shape was never read, and a zero matrix drawn
        # refuted every check of a QR factorisation with a division by zero
        (
            r"Let \(A\) be an \(m \times n\) matrix of full column rank, \(m \ge n\), with columns \(a_1, \dots, a_n\).",
            [[0.0], [0.0]],
            "A has linearly independent columns",
        ),
        (
            r"Let \(A\) be an \(n \times n\) symmetric matrix with columns \(a_1, \dots, a_n\).",
            [[1.0, 2.0], [0.0, 1.0]],
            "A is symmetric",
        ),
        (
            r"Let \(A\) be an \(n \times n\) non-singular matrix with columns \(a_1, \dots, a_n\).",
            [[1.0, 1.0], [1.0, 1.0]],
            "A is invertible",
        ),
    ],
    ids=["full column rank", "symmetric between the shape and the noun", "non-singular"],
)
def test_what_the_words_after_a_shape_say_is_a_precondition_of_the_name_before_it(tmp_path, sentence, bad, said):
    note = tmp_path / "note.md"
    note.write_text(f"---\ntitle: t\n---\n\n{sentence}\n{LISTING}")
    listing = algoverify.load(note).listing(1)
    result = listing.run({"A": np.array(bad)})
    assert result.finding is not None and result.finding.code == "AV309"
    assert result.finding.message.startswith(f"precondition violated: {said} does not hold")
    assert listing.source.line_col(result.finding.span.start)[0] == 5  # the sentence that says it


def test_a_shape_followed_by_another_clause_says_nothing_of_the_name(tmp_path):
    note = tmp_path / "note.md"
    note.write_text(
        "---\ntitle: t\n---\n\n"
        r"Let \(A\) be an \(n \times n\) matrix, and let \(B\) be symmetric; \(A\) has columns \(a_1, \dots, a_n\)."
        f"\n{LISTING}"
    )
    u = algoverify.load(note).listing(1)(A=np.array([[3.0, 2.0], [4.0, 1.0]]))  # not symmetric: no precondition
    np.testing.assert_allclose(u, [0.6, 0.8])


QR_NOTE = r"""---
title: t
algoverify:
  checks:
    - id: unit-first-column
      kind: property
      listing: F
      inputs: {n: "integers(1, 3)", m: "integers(3, 5)", A: "randn(m, n)"}
      holds: '\lVert u \rVert = 1'
---

Let \(A\) be an \(m \times n\) matrix of full column rank, \(m \ge n\), with columns \(a_1, \dots, a_n\).
"""


def test_draws_the_words_after_a_shape_exclude_are_skipped_never_a_refutation(tmp_path):
    note = tmp_path / "note.md"
    note.write_text(QR_NOTE + LISTING)
    (outcome,) = api.check([note]).notes[0].outcomes
    assert outcome.status == "verified", outcome.message
    assert "skipped: precondition violated: A has linearly independent columns" in outcome.message


def test_the_hint_of_an_unbound_greek_name_writes_it_as_the_note_does(tmp_path):
    # round 71: "declare \(varepsilon\) in \Require": the backslash was lost
    note = tmp_path / "note.md"
    note.write_text(
        "---\ntitle: t\n---\n\nGiven a vector \\(x\\).\n\n\\begin{algorithmic}[1]\n\\Function{F}{\\(x\\)}\n"
        "  \\While{\\(\\lVert x \\rVert > \\varepsilon\\)}\n    \\State \\(x \\gets x / 2\\)\n  \\EndWhile\n"
        "  \\State \\Return \\(x\\)\n\\EndFunction\n\\end{algorithmic}\n"
    )
    (finding,) = [f for f in api.lint([note]).all_findings() if f.code == "AV303"]
    assert finding.message == (
        "varepsilon is not defined: declare \\(\\varepsilon\\) in \\Require, "
        "or say in the prose what \\(\\varepsilon\\) is (this statement will not run)"
    )


CG_NOTE = r"""---
title: t
algoverify:
  module: cg_reference.py
  checks:
    - id: solves
      kind: reference
      listing: CG
      inputs: {n: "integers(1, 4)", A: "spd(n)", b: "randn(n)", epsilon: 1e-12}
      reference: {reference}
      atol: 1e-6
---

Let \(A\) be a symmetric positive definite \(n \times n\) matrix and \(b\) a vector of \(n\) entries.

\begin{algorithmic}[1]
\Function{CG}{\(A, b, \epsilon\)}
  \State \(x \gets 0 \cdot b\); \(r \gets b\); \(p \gets r\); \(k \gets 0\)
  \While{\(\lVert r \rVert > \epsilon\) \textbf{and} \(k < 2 n\)}
    \State \(\alpha \gets (r^{\top} r) / (p^{\top} A p)\)
    \State \(x \gets x + \alpha p\)
    \State \(r_{new} \gets r - \alpha A p\)
    \State \(p \gets r_{new} + ((r_{new}^{\top} r_{new}) / (r^{\top} r)) p\)
    \State \(r \gets r_{new}\); \(k \gets k + 1\)
  \EndWhile
  \State \Return \(x, k\)
\EndFunction
\end{algorithmic}
"""

CG_MODULE = """
import numpy as np

def solution(A, b):
    return {"x": np.linalg.solve(A, b)}  # k, the count of passes, has no reference value

def wrong(A, b):
    return {"x": 2 * np.linalg.solve(A, b)}

def misnamed(A, b):
    return {"z": np.linalg.solve(A, b)}
"""


@pytest.mark.parametrize(
    ("reference", "status", "said"),
    [
        ("solution", "verified", "matches solution on 100 trials; k is not compared (the reference does not give it)"),
        ("wrong", "refuted", "but the reference gives"),
        ("misnamed", "could not check", "the reference gives z by name; the listing returns x, k"),
    ],
)
def test_a_reference_that_gives_some_outputs_by_name_compares_those_and_says_the_rest_are_not(
    tmp_path, reference, status, said
):
    # round 71: a CG listing returns x and its count of passes k; the author's reference returned
    # (x, None) and was refuted ("k = 1 but the reference gives NIL"), with no way to compare x alone
    note = tmp_path / "cg.md"
    note.write_text(CG_NOTE.replace("{reference}", reference))
    (tmp_path / "cg_reference.py").write_text(CG_MODULE)
    (outcome,) = api.check([note]).notes[0].outcomes
    assert outcome.status == status, outcome.message
    assert said in outcome.message


GD_NOTE = r"""---
title: t
---

Let \(A\) be an \(m \times n\) matrix and \(b \in \mathbb{R}^{m}\). The gradient of
\(f(x) = \frac{1}{2} \lVert A x - b \rVert^{2}\) is Lipschitz with constant <L>, and we take \(N\) steps.

\begin{algorithmic}[1]
\Function{GD}{<params>}
  \State \(x \gets 0 \cdot A^{\top} b\)
  \For{\(k = 1, \dots, N\)}
    \State \(x \gets x - \frac{1}{L} A^{\top} (A x - b)\)
  \EndFor
  \State \Return \(x\)
\EndFunction
\end{algorithmic}
"""
IN_WORDS = (
    "AV303",
    (12, 35),
    "L is not defined: the prose at line 6 says what it is only in words (the largest eigenvalue of "
    "\\(A^{\\top} A\\)), which a run cannot compute; write it as a formula (\\(L = \\dots\\)) for the listing "
    "to compute it, or make it a parameter of GD (this statement will not run)",
)


@pytest.mark.parametrize(
    ("said", "params", "expected"),
    [
        # round 71: lint was clean, then run and every check stopped at "AV307 missing input(s) L"
        (r"\(L\), the largest eigenvalue of \(A^{\top} A\)", r"\(A, b, N\)", [IN_WORDS]),
        (r"\(L\), i.e. the largest eigenvalue of \(A^{\top} A\)", r"\(A, b, N\)", [IN_WORDS]),
        (r"\(L\), where \(L\) denotes the largest eigenvalue of \(A^{\top} A\)", r"\(A, b, N\)", [IN_WORDS]),
        (r"\(L = \lVert A \rVert_{2}^{2}\)", r"\(A, b, N\)", []),  # a formula: the listing computes it
        (r"\(L\), the largest eigenvalue of \(A^{\top} A\)", r"\(A, b, N, L\)", []),  # a parameter: given
    ],
    ids=["apposition", "i.e.", "denotes", "a formula", "a parameter"],
)
def test_a_name_the_prose_says_only_in_words_is_said_at_lint(tmp_path, said, params, expected):
    note = tmp_path / "gd.md"
    note.write_text(GD_NOTE.replace("<L>", said).replace("<params>", params))
    result = api.lint([note])
    source = result.sources[note]
    found = [
        (f.code, source.line_col(f.span.start), f.message) for f in result.all_findings() if f.code.startswith("AV3")
    ]
    assert found == expected


EQUATION_NOTE = r"""---
title: t
algoverify:
  checks:
    - id: eq
      kind: equation
      listing: 1
      equation: <N>
      inputs: {n: "integers(1, 4)", x: "randn(n)"}
---

The listing scales the vector and sums it:

\[ r = 2 x \]

\[ s = \sum_{i=1}^{n} r_i \]

\[ s = 2 \sum_{i=1}^{n} x_i \]

\begin{algorithmic}[1]
\Require \(x \in \mathbb{R}^{n}\)
\State \(r \gets 2 x\)
\State \(s \gets \sum_{i=1}^{n} r_i\)
\State \Return \(s\)
\end{algorithmic}
"""


@pytest.mark.parametrize(
    ("number", "expected"),
    [
        (1, []),  # r = 2x: over the input
        (3, []),  # s = 2 Σ x_i: over the input
        # round 71: an equation over a variable the listing assigns linted clean, then was
        # "could not check: AV303 r is not defined" at every trial
        (
            2,
            [
                (
                    "AV303",
                    (8, 7),
                    "r is not defined: the equation's right side reads \\(r\\), a variable the listing assigns, but "
                    "an equation check evaluates it on what the listing is given (\\(x\\)); for a relation between "
                    "its variables at a statement, write kind: property with after: (or at:) and holds:",
                )
            ],
        ),
    ],
)
def test_an_equation_over_a_variable_the_listing_assigns_is_said_at_lint(tmp_path, number, expected):
    note = tmp_path / "eq.md"
    note.write_text(EQUATION_NOTE.replace("<N>", str(number)))
    result = api.lint([note])
    source = result.sources[note]
    found = [(f.code, source.line_col(f.span.start), f.message) for f in result.all_findings() if f.code == "AV303"]
    assert found == expected
    if not expected:  # and the check runs as lint said it would
        (outcome,) = api.check([note]).notes[0].outcomes
        assert outcome.status == "verified", outcome.message


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # round 71: AV604 asked for a check of a definition, on the conditions that define the term
        (r"A pair \((i, j)\) with \(i < j\) and \(A[i] > A[j]\) is an *inversion* of \(A\).", []),
        (r"A vertex \(v\) with \(d(v) > 2\) is called a branch point.", []),
        (r"A subsequence \(a_{i_1}, \dots, a_{i_k}\) is *increasing* when \(a_{i_1} < \dots < a_{i_k}\).", []),
        # a relation said of something is still a claim, whatever names it afterwards
        (r"Every \(x\) with \(x > 0\) has \(f(x) > 1\), which is called positivity.", ["f(x) > 1"]),
        (r"The residual satisfies \(r \le \tau\), which is the *stopping test*.", ["r \\le \\tau"]),
        (r"A pair \((i, j)\) with \(i < j\) is an inversion when \(A[i] > A[j]\).", ["i < j", "A[i] > A[j]"]),
    ],
)
def test_the_conditions_that_define_a_term_are_not_claims(sentence, expected):
    from algoverify.checking.specification.cues import cues

    assert cues(sentence) == expected
