r"""Readings of combinatorial textbooks (issue 19), from notes a new user wrote (round 39).

A recursive listing's variables, as a check's formula reads them, are its outermost call's. The
fixtures are our own text.
"""

from __future__ import annotations

from helpers import property_spec, prose_note

from algoverify import api

HALVING = r"""
\Function{Halve}{\(x\)}
  \State \(n \gets \operatorname{len}(x)\)
  \If{\(n > 1\)}
    \State \(y \gets \Call{Halve}{x_{1:n-1}}\)
  \EndIf
  \State \Return \(x\)
\EndFunction
"""


def _statuses(note):
    return [o.status for n in api.check([note]).notes for o in n.outcomes]


def test_a_recursive_listings_variable_in_a_check_is_the_outermost_calls(tmp_path):
    # the innermost call leaves n = 1: a claim over i = 1, …, n - 1 read there would hold vacuously
    spec = property_spec("every entry exceeds the next", "{x: 'randn(5)'}", r"\forall i = 1, \dots, n - 1 : x_i > x_{i+1}")
    note = prose_note(tmp_path, "The array \\(x\\) is any list; every entry exceeds the next.", HALVING, spec)
    assert _statuses(note) == ["refuted"]


def test_the_outermost_calls_value_also_verifies(tmp_path):
    spec = property_spec("the length is read", "{x: 'randn(5)'}", r"n = 5")
    note = prose_note(tmp_path, "The array \\(x\\) is any list; the length is read.", HALVING, spec)
    assert _statuses(note) == ["verified"]
