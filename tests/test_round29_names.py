r"""Readings of textbook procedures and their checks (issue 19).

Each case is our own text: a procedure that sorts its input in place and returns nothing, an
empty sum over an array that counts from 1, a ``given:`` about an input the listing counts down,
and a table the listing fills but for one entry it then reads.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
from helpers import prose_note

import algoverify
from algoverify import api

_SORT = r"""
\Procedure{ExchangeSort}{$A$}
  \For{$r = 1, \dots, n$}
    \For{$i = 1, \dots, n - 1$}
      \If{$A[i] > A[i+1]$}
        \State exchange $A[i]$ with $A[i+1]$
      \EndIf
    \EndFor
  \EndFor
\EndProcedure
"""


def test_a_procedure_that_returns_nothing_gives_the_input_it_updates(tmp_path):
    note = prose_note(tmp_path, r"The array \(A\) has \(n\) entries.", _SORT)
    run = algoverify.load(note).listings[0]
    assert run.program.in_place == "A"
    np.testing.assert_array_equal(run(A=np.array([3.0, 1.0, 2.0])), [1.0, 2.0, 3.0])


def test_a_reference_check_compares_what_an_in_place_procedure_leaves(tmp_path):
    (tmp_path / "ref.py").write_text("import numpy as np\n\ndef ordered(A):\n    return np.sort(A)\n")
    spec = "  module: ref.py\n  checks:\n    - id: sorts\n      kind: reference\n      listing: 1\n"
    spec += '      inputs: {n: "integers(1, 6)", A: "randn(n)"}\n      reference: ordered\n'
    note = prose_note(tmp_path, r"The array \(A\) has \(n\) entries.", _SORT, spec=spec)
    (o,) = api.check([note], seed=0, trials=20, isolate=False).notes[0].outcomes
    assert o.status == "verified", o.message


def test_an_empty_sum_over_an_array_counting_from_1_is_zero():
    run = algoverify.compile(
        "\\begin{algorithmic}\n\\Require $d, m$\n\\State \\Return $\\sum_{i=0}^{m-1} d_i$\n\\end{algorithmic}"
    )
    assert run(d=np.array([5.0, 7.0]), m=0) == 0


def _countdown(tmp_path: Path, given: str) -> Path:
    spec = (
        "  checks:\n    - id: digits\n      kind: property\n      listing: 1\n"
        '      inputs: {N: "integers(0, 50)"}\n'
        f"      given: '{given}'\n      holds: 'k \\ge 1'\n"
    )
    body = r"""
\Function{Digits}{$N$}
  \State $k \gets 0$
  \While{$N > 0$}
    \State $N \gets \lfloor N / 10 \rfloor$
    \State $k \gets k + 1$
  \EndWhile
  \State \Return $k$
\EndFunction
"""
    return prose_note(tmp_path, r"Let \(N \ge 0\) be a whole number.", body, spec=spec)


def test_a_given_about_an_input_holds_on_entry_not_of_what_the_run_leaves(tmp_path):
    (o,) = api.check([_countdown(tmp_path, "N \\ge 1")], seed=0, trials=30, isolate=False).notes[0].outcomes
    # N ends at 0 on every run: asked after the run, the given would skip every draw
    assert o.status == "verified" and "given:" in o.message and "skipped" in o.message, o.message


_GAPPY = r"""
\Function{Table}{$n$}
  \For{$i = 1, \dots, n$}
    \For{$j = i, \dots, n - 1$}
      \State $T_{i,j} \gets i + j$
    \EndFor
  \EndFor
  \State $T_{n,n} \gets 2 n$
  \State \Return $T_{1,n}$
\EndFunction
"""


def test_reading_a_gap_in_a_table_the_listing_filled_refutes(tmp_path):
    (tmp_path / "ref.py").write_text("def corner(n):\n    return 1 + n\n")
    spec = "  module: ref.py\n  checks:\n    - id: corner\n      kind: reference\n      listing: 1\n"
    spec += '      inputs: {n: "integers(2, 6)"}\n      reference: corner\n'
    note = prose_note(tmp_path, r"Let \(n \ge 1\).", _GAPPY, spec=spec)
    (o,) = api.check([note], seed=0, trials=10, isolate=False).notes[0].outcomes
    assert o.status == "refuted" and "a gap in what the listing stored" in o.message, o.message
