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
