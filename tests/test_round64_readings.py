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


SWEEPS = r"""
\Require \(z \in \mathbb{R}^n\), number of sweeps \(K\)
\State \(x_0 \gets z\)
\For{\(k = 0, \dots, K - 1\)}
  \State \(x_{k+1} \gets x_k / 2\)
\EndFor
\State \Return \(x_K\)
"""


def test_a_sequence_stored_each_pass_keeps_one_value_per_statement_in_the_history(tmp_path):
    # Dykstra's 3000 sweeps of four sequences held every version of each (740 MB, then out of memory)
    note = prose_note(tmp_path, r"Let \(z \in \mathbb{R}^n\) and \(K \ge 1\).", SWEEPS)
    result = api.load(note).listings[0].run({"z": [8.0, 4.0], "K": 2000})
    assert result.ok and list(result.value) == [0.0, 0.0]
    kept = [value for _, value in result.trace.history["x"] if value is not None]
    assert len(kept) <= 2  # the start and the last pass's, never one per pass
    assert result.trace.assignments("x") == 2001  # the count stays exact


TWO_SUM = r"""
\Function{TwoSum}{$a, b$}
  \State $s \gets a + b$
  \State $b' \gets s - a$
  \State $a' \gets s - b'$
  \State $\delta_b \gets b - b'$
  \State $\delta_a \gets a - a'$
  \State \Return $(s, \delta_a + \delta_b)$
\EndFunction
"""


def test_names_written_under_the_inputs_they_belong_to_are_labels(tmp_path):
    # Knuth's error terms: delta_b is b's error, never delta at the position b (0.1 is no index)
    note = prose_note(tmp_path, r"Let \(a\) and \(b\) be floating-point numbers.", TWO_SUM)
    s, e = api.load(note).listings[0].run({"a": 0.1, "b": 0.2}).value
    assert (s, e) == (0.1 + 0.2, -2.7755575615628914e-17)


SOURCE = r"""
\Require \(n \ge 1\), a source \(s\)
\For{\(v = 1, \dots, n\)}
  \State \(d_v \gets \infty\)
\EndFor
\State \(d_s \gets 0\)
\State \Return \(d\)
"""


def test_an_entry_at_a_given_index_beside_other_entries_stays_an_entry(tmp_path):
    # CLRS's d_s \gets 0: d is a family indexed by v too, so d_s is its entry at s
    note = prose_note(tmp_path, r"The graph has the vertices \(1, \dots, n\) and a source \(s\).", SOURCE)
    assert list(api.load(note).listings[0].run({"n": 3, "s": 2}).value) == [float("inf"), 0.0, float("inf")]
