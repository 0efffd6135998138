r"""Rounds 102 to 104 (new users' notes, written from the docs alone): what they found, held.

The fixtures are ours, written for these tests: a normalisation, a bracket that shrinks by a
constant the prose defines, a projected step whose length the prose gives, Gram–Schmidt run twice.
"""

from __future__ import annotations

import numpy as np
import pytest
from helpers import written_note

import algoverify
from algoverify import api
from algoverify.running.input_help import describe_inputs
from algoverify.running.listing import ExecutionError

NORMALISE = r"""---
title: t
---

<prose>

\begin{algorithmic}[1]
\Function{Normalise}{\(x\)}
  \State \(s \gets 0\)
  \For{\(i \gets 1\) \textbf{to} \(n\)}
    \State \(s \gets s + x_i^{2}\)
  \EndFor
  \State \Return \(x / \sqrt{s}\)
\EndFunction
\end{algorithmic}
"""


@pytest.mark.parametrize(
    "prose",
    [
        "Let x be a non-zero n-vector.",
        "For an n-vector x, not zero, the listing scales x to unit length.",
        r"Let \(x\) be a non-zero \(n\)-vector.",
    ],
    ids=["plain, adjective", "plain, after the name", "in math (as before)"],
)
def test_a_vector_said_non_zero_in_plain_letters_keeps_the_precondition(tmp_path, prose):
    # round 102: in plain letters the shape was kept and "non-zero" dropped, so a drawn zero vector
    # divided by zero and refuted a true claim
    (listing,) = algoverify.load(written_note(tmp_path, NORMALISE.replace("<prose>", prose))).listings
    assert "vector of length n; nonzero" in describe_inputs(listing)
    assert np.allclose(listing(x=np.array([3.0, 4.0])), [0.6, 0.8])
    with pytest.raises(ExecutionError, match="AV309 precondition violated: x is not zero"):
        listing(x=np.zeros(2))


def test_a_plain_vector_not_said_non_zero_has_no_such_precondition(tmp_path):
    (listing,) = algoverify.load(written_note(tmp_path, NORMALISE.replace("<prose>", "Let x be an n-vector."))).listings
    assert "nonzero" not in describe_inputs(listing)


GOLDEN = r"""---
title: t
---

Let \(a < b\) bound the bracket and \(\rho = (\sqrt{5} - 1) / 2\).

\begin{algorithmic}[1]
\Function{Shrink}{\(a, b, K\)}
  \For{\(k \gets 1\) \textbf{to} \(K\)}
    \State \(b \gets a + \rho (b - a)\)
  \EndFor
  \State \Return \(b - a\)
\EndFunction
\end{algorithmic}
"""


def test_a_value_the_prose_defines_before_brackets_multiplies(tmp_path):
    # round 104: "\rho (b - a)" of a ρ the prose defines by a formula was AV204 "call or product?",
    # "(this statement will not run)", though the run multiplied as the definition says
    note = written_note(tmp_path, GOLDEN)
    assert [f.code for f in api.lint([note]).all_findings()] == []
    (listing,) = algoverify.load(note).listings
    assert listing(a=0.0, b=1.0, K=2) == pytest.approx(((5**0.5 - 1) / 2) ** 2)


STEP = r"""---
title: t
---

Let \(A\) be an \(m \times n\) matrix<rank>, \(b \in \mathbb{R}^{m}\), and write \(L\) for the largest eigenvalue of
\(A^{\top} A\); <eta>

\begin{algorithmic}[1]
\Function{Project}{\(A, b, x, K\)}
  \For{\(k \gets 1\) \textbf{to} \(K\)}
    \State \(x \gets \max(\min(x - \eta A^{\top} (A x - b), 1), 0)\)
  \EndFor
  \State \Return \(x\)
\EndFunction
\end{algorithmic}

<after>
"""
IN_WORDS = r"write \(\eta\) for its reciprocal, the step size."
FORMULA = r"the step is \(\eta = 1 / \lambda_{\max}(A^{\top} A)\)."


def test_a_later_mention_of_a_name_said_in_words_binds_nothing(tmp_path):
    # round 103: "With the step \(\eta\) above, …" after the listing made η an input; lint was silent,
    # and every check came back could-not-check at the run
    note = written_note(
        tmp_path,
        STEP.replace("<rank>", "")
        .replace("<eta>", IN_WORDS)
        .replace("<after>", r"With the step \(\eta\) above, the objective never increases."),
    )
    (found,) = [f for f in api.lint([note]).all_findings() if f.code == "AV303"]
    assert found.message.startswith(
        "eta is not defined: the prose at line 6 says what it is only in words (its reciprocal, the step size)"
    )


def test_a_draw_the_preconditions_exclude_is_skipped_before_a_definition_fails_on_it(tmp_path):
    # round 103: η = 1 / λ_max(AᵀA) on a drawn A = 0 was "AV408 ZeroDivisionError", and `run` an
    # internal error, though the prose said A has full column rank
    note = written_note(
        tmp_path, STEP.replace("<rank>", " of full column rank").replace("<eta>", FORMULA).replace("<after>", "")
    )
    (listing,) = algoverify.load(note).listings
    args = {"b": np.ones(2), "x": np.zeros(1), "K": 1}
    with pytest.raises(ExecutionError, match="AV309 precondition violated: A has linearly independent columns"):
        listing(A=np.zeros((2, 1)), **args)
    assert np.allclose(listing(A=np.array([[1.0], [0.0]]), **args), [1.0])


def test_a_definition_with_no_value_on_a_draw_is_located_at_the_prose(tmp_path):
    note = written_note(tmp_path, STEP.replace("<rank>", "").replace("<eta>", FORMULA).replace("<after>", ""))
    (listing,) = algoverify.load(note).listings
    with pytest.raises(ExecutionError, match=r"AV306 eta, as the prose defines it, has no value here"):
        listing(A=np.zeros((2, 1)), b=np.ones(2), x=np.zeros(1), K=1)


GRAM_SCHMIDT = r"""---
title: t
---

Let \(A\) be an \(m \times n\) matrix with columns \(a_1, \dots, a_n\). The method computes
\(Q = [q_1, \dots, q_n]\) and an upper triangular \(R\) with \(A = Q R\); the coefficients \(r_{ij}\) form
the matrix \(R\).

\begin{algorithmic}[1]
\For{\(j = 1, \dots, n\)}
  \State \(v \gets a_j\)
  \For{\(i = 1, \dots, j - 1\)}
    \State \(r_{ij} \gets q_i^{\top} v\)
    \State \(v \gets v - r_{ij} q_i\)
  \EndFor
  \For{\(i = 1, \dots, j - 1\)}
    \State \(c \gets q_i^{\top} v\)
    \State \(r_{ij} \gets r_{ij} + c\)
    \State \(v \gets v - c q_i\)
  \EndFor
  \State \(r_{jj} \gets \lVert v \rVert\)
  \State \(q_j \gets v / r_{jj}\)
\EndFor
\State \Return \(Q, R\)
\end{algorithmic}
"""


def test_entries_a_second_pass_updates_are_the_listings_own(tmp_path):
    # round 103: r_{ij} \gets r_{ij} + c read r_{ij} before storing it, so R was "an input the listing
    # updates in place": AV307 "missing input(s) R" at every check
    note = written_note(tmp_path, GRAM_SCHMIDT)
    assert [f.code for f in api.lint([note]).all_findings()] == []
    (listing,) = algoverify.load(note).listings
    a = np.array([[1.0, 1.0], [0.0, 1.0], [1.0, 0.0]])
    q, r = listing(A=a)
    assert np.allclose(q @ r, a) and np.allclose(np.triu(r), r) and np.allclose(q.T @ q, np.eye(2))
