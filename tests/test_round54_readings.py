r"""Readings of textbook listings met in the fifty-fourth round of notes written from the docs alone.

Each case is our own text, in the notation of a textbook of algorithms: a definition in the prose
with a case after it ("and \(g(j) = 0\) if …"), the constants ``TRUE`` and ``FALSE`` written in
capitals, an object's attributes (``A.length``) and a range written from its first two members.
"""

from __future__ import annotations

import numpy as np
import pytest
from helpers import prose_note

from algoverify import api

_CHAIN = r"""
\State $T[0] = 0$
\For{$j = 1, 2, \dots, n$}
  \State $T[j] = \max(c_j + T[g(j)], T[j - 1])$
\EndFor
\State \Return $T[n]$
"""


def test_a_definition_with_a_case_after_it_defines_nothing_and_the_drawn_values_are_read(tmp_path):
    # "and g(j) = 0 if …" is one case of what g is; read as g(j) = 0 for every j it refuted a correct listing
    prose = (
        r"There are \(n\) jobs with gains \(c_j\). We let \(g(j)\) be the last job before \(j\) that "
        r"fits with it, and \(g(j) = 0\) if no job before \(j\) fits with it."
    )
    spec = (
        "  checks:\n    - id: best\n      kind: property\n      listing: 1\n"
        '      inputs: {n: "integers(1, 6)", c: "integers(1, 9, n)", g: "integers(0, 0, n)"}\n'
        "      holds: 'result = \\max_j c_j'\n"
    )
    note = prose_note(tmp_path, prose, _CHAIN, spec)
    listing = api.load(note).listings[0]
    assert "g" in listing.inputs
    # g(2) = 1: job 2 fits after job 1, so both gains count
    assert listing(n=2, c=np.array([3, 4]), g=np.array([0, 1])) == 7


@pytest.mark.parametrize(
    ("returned", "expected"),
    [(r"\Return TRUE", True), (r"\Return FALSE", False), (r"\Return \textsc{true}", True)],
)
def test_true_and_false_in_capitals_are_the_truth_values(tmp_path, returned, expected):
    body = "\\Require $a, b$\n\\If{$a > b$}\n  \\State " + returned + "\n\\EndIf\n\\State \\Return " + ("FALSE" if expected else "TRUE")
    note = prose_note(tmp_path, r"The numbers \(a\) and \(b\) are compared.", body)
    listing = api.load(note).listings[0]
    assert listing(a=2, b=1) is expected
    assert listing(a=1, b=2) is (not expected)
