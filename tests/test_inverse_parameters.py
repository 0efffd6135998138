r"""A function that takes \(\pi^{-1}\) takes an array of its own, the inverse permutation (issue 19, round 39).

Myrvold and Ruskey rank a permutation by keeping its inverse beside it; the fixture is our own.
"""

from __future__ import annotations

import numpy as np

from algoverify import api

SWAP_TO_END = r"""
\Function{Last}{\(n, \pi, \pi^{-1}\)}
  \State \(s \gets \pi[n-1]\)
  \State \Call{swap}{\(\pi[n-1], \pi[\pi^{-1}[0]]\)}
  \State \Call{swap}{\(\pi^{-1}[s], \pi^{-1}[0]\)}
  \State \Return \(s\)
\EndFunction
"""


def test_an_inverse_written_as_a_parameter_is_an_array_read_and_stored_by_entry(tmp_path):
    note = tmp_path / "n.md"
    body = SWAP_TO_END.strip()
    note.write_text(f"---\nalgoverify:\n  index_base: 0\n---\n\n\\begin{{algorithmic}}\n{body}\n\\end{{algorithmic}}\n")
    assert [f.code for f in api.lint([note]).all_findings()] == []
    listing = api.load(note).listings[0]
    assert len(listing.inputs) == 3
    pi = np.array([2, 0, 1])
    inverse = np.argsort(pi)
    result = listing.run(dict(zip(listing.inputs, (3, pi.copy(), inverse.copy()))))
    assert result.finding is None and result.value == 1
