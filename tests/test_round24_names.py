r"""Readings of listings in the style of numerical-optimisation and matrix-function texts (issue 19).

Each case is our own text, written the way such texts write theirs: a product started from the
identity (``P \gets I``, then ``P \gets P B / k``), quantities of step ``k`` named by their
subscript (``s_k``, ``H_{k+1}``), labels written as superscripts (``p_k^{\mathrm{S}}``), and a
factor the prose declares and the listing updates in place.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

import algoverify
from algoverify import api


def _note(tmp_path: Path, prose: str, body: str) -> Path:
    note = tmp_path / "note.md"
    note.write_text(f"{prose}\n\n\\begin{{algorithmic}}[1]\n{body.strip()}\n\\end{{algorithmic}}\n")
    assert [f"{f.code} {f.message}" for f in api.lint([note]).all_findings() if f.code != "AV604"] == []
    return note


def test_a_product_started_from_the_identity_stays_a_matrix(tmp_path):
    note = _note(
        tmp_path,
        r"Let \(B \in \mathbb{R}^{n \times n}\).",
        r"""
\State \(T \gets I\); \(P \gets I\)
\For{\(k = 1, \dots, 3\)}
  \State \(P \gets P B / k\)
  \State \(T \gets T + P\)
\EndFor
\State \Return \(T\)
""",
    )
    B = np.array([[0.1, 0.2], [0.3, 0.4]])
    expected = np.eye(2) + B + B @ B / 2 + B @ B @ B / 6
    np.testing.assert_allclose(algoverify.load(note).listings[0](B=B), expected)


_FACTOR_PROSE = r"Let \(L \in \mathbb{R}^{n \times n}\) be lower triangular and \(v \in \mathbb{R}^{n}\)."


def test_entries_read_before_the_same_entry_is_stored_update_the_declared_matrix_in_place(tmp_path):
    # each diagonal entry is scaled by its own old value: L comes in, it is not computed from nothing
    note = _note(
        tmp_path,
        _FACTOR_PROSE,
        r"""
\For{\(k = 1, \dots, n\)}
  \State \(l_{kk} \gets l_{kk} + v_k\)
\EndFor
\State \Return \(L\)
""",
    )
    run = algoverify.load(note).listings[0]
    assert "L" in run.inputs
    L = np.array([[2.0, 0.0], [1.0, 3.0]])
    np.testing.assert_array_equal(run(L=L, v=np.array([1.0, 1.0])), [[3.0, 0.0], [1.0, 4.0]])


def test_entries_computed_from_earlier_entries_build_the_declared_matrix(tmp_path):
    # Cholesky reads l_{jk} of earlier columns only: L is the listing's result, not an input
    note = _note(
        tmp_path,
        r"Let \(A \in \mathbb{R}^{n \times n}\) be symmetric positive definite and \(A = L L^{\top}\) with "
        r"\(L \in \mathbb{R}^{n \times n}\) lower triangular.",
        r"""
\For{\(j = 1, \dots, n\)}
  \State \(l_{jj} \gets \sqrt{a_{jj} - \sum_{k=1}^{j-1} l_{jk}^{2}}\)
  \For{\(i = j + 1, \dots, n\)}
    \State \(l_{ij} \gets (a_{ij} - \sum_{k=1}^{j-1} l_{ik} l_{jk}) / l_{jj}\)
  \EndFor
\EndFor
\State \Return \(L\)
""",
    )
    run = algoverify.load(note).listings[0]
    assert "L" not in run.inputs
    A = np.array([[4.0, 2.0], [2.0, 5.0]])
    np.testing.assert_allclose(run(A=A), np.linalg.cholesky(A))
