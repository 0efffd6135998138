r"""Rounds 90 to 92 (new users' notes, written from the docs alone): what they found, held.

The fixtures are ours, written for these tests: a least-squares step for a two-parameter model,
a shifted QR iteration, an entrywise Newton refinement and a few one-line listings.
"""

from __future__ import annotations

import numpy as np
import pytest
from helpers import written_note

import algoverify
from algoverify import api
from algoverify.checking.specification.cues import cues
from algoverify.running.input_help import describe_inputs
from algoverify.running.listing import ExecutionError


def _said(listing) -> dict[str, str]:
    return {line.split()[0]: line for line in describe_inputs(listing).splitlines() if line.startswith("  ")}


REFINE = r"""---
title: t
---

For an n-vector x with positive entries and a first guess \(y_0\) of the same length, one step
refines every entry.

\begin{algorithmic}[1]
\Function{Refine}{\(x, y_0\)}
  \For{\(i \gets 1\) \textbf{to} \(n\)}
    \State \(y_i \gets (y_0)_i (3 - x_i (y_0)_i^{2}) / 2\)
  \EndFor
  \State \Return \(y\)
\EndFunction
\end{algorithmic}
"""


def test_a_start_read_by_entry_is_a_vector_of_its_own(tmp_path):
    # round 92: y_0 was the first member of the y_i the listing sets, so y came back ragged
    # ([y_0, y_1, y_2]) and a true claim on y was refuted
    (listing,) = algoverify.load(written_note(tmp_path, REFINE)).listings
    y = listing(x=np.array([1.0, 4.0]), y_0=np.array([1.0, 0.5]))
    assert np.asarray(y).shape == (2,)
    assert list(y) == [1.0, 0.5]


QR = r"""---
title: t
---

Let \(T\) be a symmetric matrix and \(K\) a number of passes.

\begin{algorithmic}[1]
\Function{Shifted}{\(T, K\)}
  \For{\(k \gets 1\) \textbf{to} \(K\)}
    \State \(\mu \gets T_{11}\)
    \State \(<factors> = T - \mu I\)
    \State \(T \gets <back> + \mu I\)
  \EndFor
  \State \Return \(T\)
\EndFunction
\end{algorithmic}
"""


def _qr_by_hand(t: np.ndarray, passes: int) -> np.ndarray:
    for _ in range(passes):
        mu = t[0, 0]
        q, r = np.linalg.qr(t - mu * np.eye(len(t)))
        signs = np.where(np.diag(r) < 0, -1.0, 1.0)
        t = (r * signs[:, None]) @ (q * signs) + mu * np.eye(len(t))
    return t


@pytest.mark.parametrize(
    ("factors", "back"),
    [("Q R", "R Q"), (r"Q^{(k)} R^{(k)}", r"R^{(k)} Q^{(k)}")],
    ids=["plain letters", "superscripts (as before)"],
)
def test_a_factorisation_step_in_plain_letters_computes_its_factors(tmp_path, factors, back):
    # round 92: Q R = T - \mu I read the word QR, and R Q was "R is not defined"
    note = written_note(tmp_path, QR.replace("<factors>", factors).replace("<back>", back))
    assert [f.code for f in api.lint([note]).all_findings()] == []
    (listing,) = algoverify.load(note).listings
    t = np.array([[2.0, 1.0], [1.0, 3.0]])
    assert np.allclose(listing(T=t, K=5), _qr_by_hand(t, 5))


ENTRY = r"""---
title: t
---

Let \(<vector>\) be a point with \(x_1 \ne 0\).

\begin{algorithmic}[1]
\Function{Slope}{\(x\)}
  \State \(s \gets x_2 / x_1\)
  \State \Return \(s\)
\EndFunction
\end{algorithmic}
"""


@pytest.mark.parametrize("vector", [r"x = (x_1, x_2)", r"x = (x_1, \dots, x_n)"])
def test_a_relation_on_an_entry_of_a_vector_the_prose_spells_is_a_condition_on_it(tmp_path, vector):
    # round 90: x_1 \ne 0 made x_1 an input of its own beside x; lint was clean, and a run with x alone
    # stopped at "missing input(s) x_1"
    note = written_note(tmp_path, ENTRY.replace("<vector>", vector))
    assert [f.code for f in api.lint([note]).all_findings()] == []
    (listing,) = algoverify.load(note).listings
    said = describe_inputs(listing)
    assert "x_1  " not in said
    assert "x_1 \\ne 0, from the prose at line 5" in said
    assert listing(x=np.array([2.0, 3.0])) == 1.5
    with pytest.raises(ExecutionError, match=r"AV309 precondition violated: x_1 \\ne 0 does not hold"):
        listing(x=np.array([0.0, 3.0]))


def test_a_tuple_of_numbered_entries_gives_the_vectors_length(tmp_path):
    note = written_note(tmp_path, ENTRY.replace("<vector>", r"x = (x_1, x_2, x_3)"))
    (listing,) = algoverify.load(note).listings
    assert "x  vector of length 3" in describe_inputs(listing)


STEP = r"""---
title: t
---

Let \(t_1, \dots, t_m\) be times, \(y_1, \dots, y_m\) values and \(\theta\) the current estimate of
the two parameters. Write \(J\) for the Jacobian of the model with respect to \(\theta\), an
\(m \times 2\) matrix of full column rank.

\begin{algorithmic}[1]
\Function{Step}{\(t, y, \theta\)}
  \For{\(i \gets 1\) \textbf{to} \(m\)}
    \State \(g_i \gets \exp(\theta_2 t_i)\)
    \State \(r_i \gets y_i - \theta_1 g_i\)
    \State \(J_{i,1} \gets g_i\)
    \State \(J_{i,2} \gets \theta_1 t_i g_i\)
  \EndFor
  \State \(\Delta \gets (J^{\top} J)^{-1} J^{\top} r\)
  \State \(\theta_{\mathrm{new}} \gets \theta + \Delta\)
  \State \(r_{\mathrm{new}} \gets y - \theta_{\mathrm{new},1} \exp(\theta_{\mathrm{new},2} t)\)
  \State \Return \(\theta_{\mathrm{new}}, r_{\mathrm{new}}\)
\EndFunction
\end{algorithmic}
"""


def _gauss_newton(t, y, theta):
    g = np.exp(theta[1] * t)
    j = np.column_stack([g, theta[0] * t * g])
    delta = np.linalg.solve(j.T @ j, j.T @ (y - theta[0] * g))
    new = theta + delta
    return new, y - new[0] * np.exp(new[1] * t)


def test_the_shape_after_a_derivatives_variable_is_the_derivatives(tmp_path):
    # round 90: "with respect to θ, an m × 2 matrix" made θ the m × 2 matrix; lint was clean, and every
    # trial stopped at "m = 3 was given, but theta has length 2"
    (listing,) = algoverify.load(written_note(tmp_path, STEP)).listings
    assert "m × 2" not in _said(listing)["theta"]


def test_an_entry_of_a_labelled_name_is_read_by_index(tmp_path):
    # round 90: \theta_{\mathrm{new},1} was a name of its own, "theta_new_1 is not defined"
    note = written_note(tmp_path, STEP)
    assert [f.code for f in api.lint([note]).all_findings() if f.code == "AV303"] == []
    (listing,) = algoverify.load(note).listings
    t, y, theta = np.array([0.1, 0.5, 0.9]), np.array([1.0, 1.5, 2.4]), np.array([1.0, 0.8])
    new, residual = listing(t=t, y=y, theta=theta)
    expected_new, expected_residual = _gauss_newton(t, y, theta)
    assert np.allclose(new, expected_new) and np.allclose(residual, expected_residual)


BASE = r"""---
title: t
---

Let \(n > 3\) be an integer. <given>

\begin{algorithmic}[1]
\Function{Witness}{\(n, a\)}
  \State \(p \gets a + n\)
  \State \Return \(p\)
\EndFunction
\end{algorithmic}
"""


@pytest.mark.parametrize(
    "given",
    [
        r"Given a base \(a\) with \(2 \le a \le n - 2\), the test runs.",
        r"Let \(a\) be a base with \(2 \le a \le n - 2\).",
        r"Let \(a\) be a base with \(1 < a < n / 2\).",
    ],
)
def test_a_name_between_bounds_other_inputs_give_is_a_precondition(tmp_path, given):
    # round 90: a bound written with another input (n - 2) was read as nothing; run took a = n
    (listing,) = algoverify.load(written_note(tmp_path, BASE.replace("<given>", given))).listings
    bound = given.split(r"\(")[-1].split(r"\)")[0]
    assert bound in _said(listing)["a"]
    assert listing(n=9, a=3) == 12
    with pytest.raises(ExecutionError, match="AV309 precondition violated"):
        listing(n=9, a=8)


@pytest.mark.parametrize(
    "given",
    [
        r"If \(2 \le a \le n - 2\), the test is strong.",
        r"The output \(p\) satisfies \(p \le a + n\).",
    ],
    ids=["under if", "a claim of the output"],
)
def test_a_bound_under_a_condition_or_on_an_output_is_no_precondition(tmp_path, given):
    (listing,) = algoverify.load(written_note(tmp_path, BASE.replace("<given>", given))).listings
    assert "\\le" not in _said(listing)["a"]
    assert listing(n=9, a=8) == 17


ORDER = r"""---
title: t
---

Let \(A\) be a real square matrix <size>.

\begin{algorithmic}[1]
\Function{Trace}{\(A\)}
  \State \(s \gets 0\)
  \For{\(i \gets 1\) \textbf{to} \(n\)}
    \State \(s \gets s + A_{ii}\)
  \EndFor
  \State \Return \(s\)
\EndFunction
\end{algorithmic}
"""


def test_a_square_matrix_of_order_n_has_n_rows(tmp_path):
    # round 91: "of order n" was not read; lint said n is not defined, or nothing when a check drew n
    note = written_note(tmp_path, ORDER.replace("<size>", r"of order \(n\)"))
    assert [f.code for f in api.lint([note]).all_findings()] == []
    (listing,) = algoverify.load(note).listings
    assert listing(A=np.array([[1.0, 2.0], [3.0, 4.0]])) == 5.0


def test_a_square_matrix_with_no_order_still_asks_for_n(tmp_path):
    note = written_note(tmp_path, ORDER.replace(" <size>", ""))
    assert [f.code for f in api.lint([note]).all_findings()] == ["AV303"]


@pytest.mark.parametrize(
    "sentence",
    [
        "Write the relative error of an approximation as the amount by which it exceeds the true value.",
        "where the sign of zero is taken to be 1.",
    ],
)
def test_a_definition_or_a_convention_is_no_claim(sentence):
    # round 92: both were AV604, cues "exceeds" and "1"
    assert cues(sentence) == []


@pytest.mark.parametrize(
    "sentence",
    [
        "Write the error as e; then it is at most 2.",
        "The sign of the result is always 1.",
    ],
)
def test_a_claim_beside_a_definition_is_still_one(sentence):
    assert cues(sentence) != []
