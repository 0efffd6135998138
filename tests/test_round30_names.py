r"""Readings of textbook procedures from algorithms and numerical-analysis books (issue 19).

Each case is our own text: a recursive procedure that sorts its input in place through calls
of itself, a matrix made with CLRS's "let \(C\) be a new \(n \times n\) matrix", a binomial
coefficient of a real number (Newton's forward differences), and a mean named by a capital
subscript the spec draws (``\mu_X``).
"""

from __future__ import annotations

import numpy as np
from helpers import prose_note

import algoverify


def test_a_recursive_procedure_sorts_the_callers_array_in_place(tmp_path):
    note = prose_note(
        tmp_path,
        r"The array \(A\) has \(n\) entries.",
        r"""
\Procedure{Slow}{\(A, i, j\)}
  \If{\(A[i] > A[j]\)}
    \State exchange \(A[i]\) with \(A[j]\)
  \EndIf
  \If{\(i + 1 \ge j\)}
    \State \Return
  \EndIf
  \State \(k \gets \lfloor (j - i + 1) / 3 \rfloor\)
  \State \Call{Slow}{\(A, i, j - k\)}
  \State \Call{Slow}{\(A, i + k, j\)}
  \State \Call{Slow}{\(A, i, j - k\)}
\EndProcedure
\Procedure{Sort}{\(A\)}
  \State \Call{Slow}{\(A, 1, n\)}
\EndProcedure
""",
    )
    run = algoverify.load(note).listings[0]
    np.testing.assert_array_equal(run(A=np.array([5.0, 3.0, 4.0, 1.0, 2.0])), [1.0, 2.0, 3.0, 4.0, 5.0])


def test_a_new_matrix_as_clrs_makes_it_is_zeros_of_its_size(tmp_path):
    note = prose_note(
        tmp_path,
        r"Let \(A, B \in \mathbb{R}^{n \times n}\).",
        r"""
\Procedure{Sum}{\(A, B\)}
  \State let \(C\) be a new \(n \times n\) matrix
  \For{\(i = 1\) \textbf{to} \(n\)}
    \State \(c_{ii} \gets a_{ii} + b_{ii}\)
  \EndFor
  \State \Return \(C\)
\EndProcedure
""",
    )
    got = algoverify.load(note).listings[0](A=np.eye(2), B=2 * np.eye(2))
    np.testing.assert_array_equal(got, 3 * np.eye(2))


def test_a_binomial_coefficient_of_a_real_number_is_the_generalised_one():
    run = algoverify.compile(
        "\\begin{algorithmic}\n\\Require $s, k$\n\\State \\Return $\\binom{s}{k}$\n\\end{algorithmic}"
    )
    assert run(s=2.5, k=2) == 2.5 * 1.5 / 2
    assert run(s=5, k=2) == 10  # whole numbers stay exact


def test_a_mean_named_by_a_capital_subscript_is_the_input_the_spec_draws(tmp_path):
    spec = "  checks:\n    - id: c\n      kind: property\n      listing: 1\n"
    spec += '      inputs: {N: "integers(2, 5)", x: "randn(N)", mu_X: "randn()"}\n      holds: "d = 0"\n'
    note = prose_note(
        tmp_path,
        r"The samples \(x_1, \dots, x_N\) have the known mean \(\mu_X\).",
        r"""
\State \(d \gets \mu_X - \mu_X\)
\State \Return \(d\)
""",
        spec=spec,
    )
    run = algoverify.load(note).listings[0]
    assert "mu_X" in run.inputs and run(mu_X=2.0) == 0.0
