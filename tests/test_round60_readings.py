r"""Readings a fresh round-60 note needed: a matrix the prose says is returned as its rows.

Aarseth's direct summation (round 60): "the listing computes the acceleration of every body,
returned as the rows \(a_1, \dots, a_N\) of \(A \in \mathbb{R}^{N \times 3}\)". The returned A was
read as an input the draws leave out (AV307); with that edited, a row \(a_i \gets 0\) that no other
body adds to (N = 1) stayed the number 0, and A had one column: a correct listing was refuted.
"""

from __future__ import annotations

import numpy as np
from helpers import prose_note

from algoverify import api

PROSE = (
    r"Let \(N\) bodies have masses \(m_1, \dots, m_N\) and positions \(r_1, \dots, r_N \in \mathbb{R}^{3}\), "
    r"stored as the rows of \(R \in \mathbb{R}^{N \times 3}\). The listing computes the pull on every body, "
    r"returned as the rows \(a_1, \dots, a_N\) of \(A \in \mathbb{R}^{N \times 3}\)."
)
PULLS = r"""
\Function{Pulls}{$m, R$}
  \For{$i = 1, \dots, N$}
    \State $a_i \gets 0$
    \For{$j = 1, \dots, N$}
      \If{$j \ne i$}
        \State $a_i \gets a_i + m_j (r_j - r_i)$
      \EndIf
    \EndFor
  \EndFor
  \State \Return $A$
\EndFunction
"""


def test_a_matrix_returned_as_its_rows_is_the_output_the_listing_builds(tmp_path):
    listing = api.load(prose_note(tmp_path, PROSE, PULLS)).listings[0]  # lint clean: A is no input
    R = np.array([[0.0, 0.0, 0.0], [1.0, 2.0, 0.0]])
    m = np.array([1.0, 3.0])
    np.testing.assert_allclose(listing(m=m, R=R), [[3.0, 6.0, 0.0], [-1.0, -2.0, 0.0]])


def test_a_row_no_pass_adds_to_spans_the_row_the_prose_declares(tmp_path):
    listing = api.load(prose_note(tmp_path, PROSE, PULLS)).listings[0]
    out = listing(m=np.array([2.0]), R=np.array([[1.0, 1.0, 1.0]]))
    assert np.shape(out) == (1, 3)  # one body: its row of A is 0 across the three coordinates, not one number
    np.testing.assert_array_equal(out, np.zeros((1, 3)))
