r"""Notations of round 64's notes (statistics, floating point, geometry): our own fixtures.

Fawcett's ROC listing writes ``FP_{prev}`` in math italic, a word below a name; it was read as the
entry ``p \cdot r \cdot e \cdot v`` of ``FP`` (``e`` Euler's number).
"""

from __future__ import annotations

import pytest
from helpers import prose_note

from algoverify import api
from algoverify.math.mathexpr import parse_math
from algoverify.math.names import join_words

TRAPEZOIDS = r"""
\Require scores \(f_1, \dots, f_m\)
\State \(s \gets 0\); \(f_{prev} \gets 0\)
\For{\(i = 1, \dots, m\)}
  \State \(s \gets s + (f_i + f_{prev}) / 2\)
  \State \(f_{prev} \gets f_i\)
\EndFor
\State \Return \(s\)
"""


def test_a_word_below_a_name_is_its_label(tmp_path):
    note = prose_note(tmp_path, r"Let \(f_1, \dots, f_m\) be the scores.", TRAPEZOIDS)
    assert api.load(note).listings[0].run({"f": [2.0, 4.0, 6.0]}).value == pytest.approx(1 + 3 + 5)


@pytest.mark.parametrize(
    ("latex", "words", "indices"),
    [
        (r"f_{prev}", set(), ["prev"]),  # a label
        (r"x_{best}", set(), ["best"]),
        (r"a_{mid}", {"mid"}, ["mid"]),  # the listing's variable mid, as before
        (r"a_{ijk}", set(), ["i", "j", "k"]),  # three indices: no word
        (r"w_{ij}", set(), ["i", "j"]),
    ],
)
def test_which_subscripts_spell_a_word(latex, words, indices):
    tree = join_words(parse_math(latex), words)
    assert [getattr(i, "name", None) for i in tree.indices] == indices
