r"""Readings that were silent guesses on notes of computational geometry and graphs (issue 19).

A ``\ForAll`` whose header restricts its set in words ("with \(a_{uv} =
1\)") is refused at lint, never run over the whole set. The fixtures are our own text.
"""

from __future__ import annotations

import pytest

from algoverify import api

_FILTERED = r"""
\Require set \(R\), matrix \(A\) with entries \(a_{uv}\), vertex \(v\), vector \(d\)
\ForAll{\(u \in R\) with \(a_{uv} = 1\)}
  \State \(d_u \gets d_u - 1\)
\EndFor
\State \Return \(d\)
"""


@pytest.mark.parametrize("words", ["with"])
def test_a_condition_in_words_after_a_forall_set_is_a_lint_finding(tmp_path, words):
    note = tmp_path / "note.md"
    note.write_text(
        f"\\begin{{algorithmic}}\n{_FILTERED.strip().replace(' with ', f' {words} ', 1)}\n\\end{{algorithmic}}\n"
    )
    found = [f for f in api.lint([note]).all_findings() if f.code == "AV308"]
    assert len(found) == 1 and "is not read" in found[0].message
    assert note.read_text()[found[0].span.start : found[0].span.end].startswith(words)
