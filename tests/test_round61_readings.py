r"""Readings a fresh round-61 note needed: a string spelled as its symbols, a quantifier in words in a spec.

Sellers's approximate matching, in Navarro's notation: "Let \\(P = p_1 p_2 \\cdots p_m\\) be a pattern",
and a check whose set-builder said "t_{j-m+i} = p_i \\text{ for } i = 1, \\dots, m".
"""

from __future__ import annotations

import numpy as np
import pytest
from helpers import property_spec, prose_note

from algoverify import api


def test_a_string_spelled_as_its_symbols_is_a_vector_of_those_entries(tmp_path):
    # Navarro's "Let P = p_1 p_2 \cdots p_m be a pattern" (fresh round 61): p_i was an entry or a row of
    # P, lint asked (AV204); the spelled string says it, as "P has m entries" does
    prose = r"Let \(P = p_1 p_2 \cdots p_m\) be a pattern and \(T = t_1 t_2 \cdots t_n\) a text."
    body = r"""
\State \(c \gets 0\)
\For{\(i \gets 1\) \textbf{to} \(m\)}
  \If{\(p_i = t_i\)}
    \State \(c \gets c + 1\)
  \EndIf
\EndFor
\State \Return \(c\)
"""
    listing = api.load(prose_note(tmp_path, prose, body)).listings[0]  # lint clean
    assert listing(P=np.array([1, 0, 1]), T=np.array([1, 1, 1, 0])) == 2


@pytest.mark.parametrize(
    ("holds", "code"),
    [
        (r"c = \lvert \{ i : t_i = p_i \text{ for } i = 1, \dots, m \} \rvert", "AV308"),
        (r"c \le m \text{ for all } m", "AV308"),
        (r"c \le m", None),
    ],
)
def test_a_quantifier_in_words_in_a_spec_formula_is_said_at_lint(tmp_path, holds, code):
    prose = r"Let \(P = p_1 p_2 \cdots p_m\) be a pattern and \(T = t_1 t_2 \cdots t_n\) a text. It counts."
    body = r"""
\State \(c \gets 0\)
\For{\(i \gets 1\) \textbf{to} \(m\)}
  \State \(c \gets c + 1\)
\EndFor
\State \Return \(c\)
"""
    spec = property_spec("It counts", '{m: 2, n: 3, P: "integers(0, 1, m)", T: "integers(0, 1, n)"}', holds)
    note = tmp_path / "note.md"
    note.write_text(
        f"---\nalgoverify:\n{spec}---\n\n{prose}\n\n\\begin{{algorithmic}}\n{body.strip()}\n\\end{{algorithmic}}\n"
    )
    found = [f for f in api.lint([note]).all_findings() if f.code not in ("AV604",)]
    assert [f.code for f in found] == ([code] if code else [])
    if code:
        text = note.read_text()
        assert text[found[0].span.start : found[0].span.end] == "holds"  # at the check's key
        assert "\\forall" in found[0].message
