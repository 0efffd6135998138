r"""Coding and compression listings as their textbooks write them (issue 19, round 45).

The fixtures are our own text: a loop that runs until a break, a list made empty in words and
then stored into by index, a probability vector drawn for a counterexample.
"""

from __future__ import annotations

import numpy as np
import pytest
from helpers import property_spec, prose_note

from algoverify import api
from algoverify.running.generators import CLASSES

BASE_128 = r"""
\Function{Digits}{\(n\)}
  \State \(\mathit{out} \gets\) empty list
  \While{\textbf{true}}
    \State insert \(n \bmod 128\) at the front of \(\mathit{out}\)
    \If{\(n < 128\)}
      \State \textbf{break}
    \EndIf
    \State \(n \gets \lfloor n / 128 \rfloor\)
  \EndWhile
  \State \(\mathit{out}_{\lvert \mathit{out} \rvert} \gets \mathit{out}_{\lvert \mathit{out} \rvert} + 128\)
  \State \Return \(\mathit{out}\)
\EndFunction
"""


@pytest.mark.parametrize(("n", "digits"), [(5, [133]), (300, [2, 172]), (16384, [1, 0, 128])])
def test_a_loop_until_break_over_a_list_made_empty_in_words(tmp_path, n, digits):
    # \While{\textbf{true}} is the constant; "\(out \gets\) empty list" sets out before it is stored into by index
    note = prose_note(tmp_path, "", BASE_128)
    assert list(api.load(note).listings[0].run({"n": n}).value) == digits


@pytest.mark.parametrize("word", ["true", "false"])
def test_a_condition_that_is_only_a_bold_word_is_the_constant(tmp_path, word):
    body = rf"""
\Require \(n \ge 0\)
\State \(c \gets 0\)
\While{{\textbf{{{word}}}}}
  \State \(c \gets c + 1\)
  \If{{\(c > n\)}}
    \State \textbf{{break}}
  \EndIf
\EndWhile
\State \Return \(c\)
"""
    note = prose_note(tmp_path, "", body)
    assert api.load(note).listings[0].run({"n": 3}).value == (4 if word == "true" else 0)


def test_a_probability_vector_keeps_no_zero_entry_when_a_counterexample_shrinks(tmp_path):
    # the docs promise a drawn distribution has no zero entry: the class a shrunk value must stay in says so
    assert not CLASSES["simplex"](np.array([0.0, 0.0, 1.0]), 3)
    assert CLASSES["simplex"](np.array([0.25, 0.25, 0.5]), 3)
    body = r"""
\Require a distribution \(p_1, \dots, p_m\)
\State \(q \gets \min_i p_i\)
\State \Return \(q\)
"""
    spec = property_spec("its smallest entry is positive", '{m: "integers(2, 5)", p: "simplex(m)"}', "q > 10^{-2}")
    note = prose_note(tmp_path, "Its smallest entry is positive.", body, spec)
    (outcome,) = api.check([note], seed=0, trials=30).notes[0].outcomes
    assert outcome.status == "refuted", outcome.message
    shown = outcome.details["inputs"] if "inputs" in outcome.details else outcome.message
    assert "0.0," not in str(shown) and "[0.0" not in str(shown)
