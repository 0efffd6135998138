r"""Rounds 105 to 107 (new users' notes, written from the docs alone): what they found, held.

The fixtures are ours, written for these tests: a recursive update that names its error ``e`` in
words, and a shifted solve whose shift the prose describes.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from helpers import written_note

import algoverify
from algoverify import api
from algoverify.running.listing import ExecutionError

UPDATE = r"""---
title: t
algoverify:
  checks:
    - id: moves
      kind: property
      listing: 1
      inputs: {x: "randn(2)", y: "randn()", w: "randn(2)"}
      holds: 'v = w + e x'
---

Given an estimate \(w\), a regressor \(x\) and a response \(y\), <words>

\begin{algorithmic}[1]
\Function{Update}{\(x, y, w\)}
  \State \(v \gets w + e x\)
  \State \Return \(v\)
\EndFunction
\end{algorithmic}
"""
SAID = r"write \(e\) for the a priori error, the residual of the new response under the old estimate."


def test_a_constants_letter_the_prose_names_in_words_is_no_constant(tmp_path):
    # round 107: "write e for the a priori error" left e to be Euler's number: lint was silent, the run
    # used 2.71828, and check refuted true claims
    note = written_note(tmp_path, UPDATE.replace("<words>", SAID))
    (found,) = [f for f in api.lint([note]).all_findings() if f.code == "AV303"]
    assert found.message.startswith(
        "e is not defined: the prose at line 12 says what it is only in words (the a priori error, the residual of "
        "the new response under the old estimate)"
    )
    assert api.lint([note]).sources[note].line_col(found.span.start) == (16, UPDATE.splitlines()[15].index("e x") + 1)
    (outcome,) = api.check([note]).notes[0].outcomes
    assert outcome.status == "could not check"
    (listing,) = algoverify.load(note).listings
    with pytest.raises(ExecutionError, match="e is not defined"):
        listing(x=np.ones(2), y=1.0, w=np.zeros(2))


@pytest.mark.parametrize(
    "words", ["where e is the base of the natural logarithm.", "with e Euler's number.", "the step is scaled."]
)
def test_the_constant_e_stays_eulers_number_where_the_prose_says_so_or_nothing(tmp_path, words):
    (listing,) = algoverify.load(written_note(tmp_path, UPDATE.replace("<words>", words))).listings
    assert np.allclose(listing(x=np.ones(2), y=1.0, w=np.zeros(2)), [math.e, math.e])


SHIFTED = r"""---
title: t
---

Let \(A\) be a symmetric matrix; write \(\sigma\) for a shift close to the smallest eigenvalue of \(A\).

\begin{algorithmic}[1]
\Function{Solve}{\(A, b\)}
  \State \(x \gets (A - \sigma I)^{-1} b\)
  \State \Return \(x\)
\EndFunction
\end{algorithmic}
"""


def test_a_name_written_for_words_led_by_an_article_is_said_in_words(tmp_path):
    # round 106: "write \(\sigma\) for a shift close to …" got the generic "say in the prose what σ is"
    (found,) = [f for f in api.lint([written_note(tmp_path, SHIFTED)]).all_findings() if f.code == "AV303"]
    assert found.message.startswith(
        r"sigma is not defined: the prose at line 5 says what it is only in words (a shift close to the smallest "
        r"eigenvalue of \(A\))"
    )
