r"""A listing that returns ``\textsc{nil}`` ("there is none") is compared with a reference's ``None``.

Round 66 of notes written by others: Cornacchia's algorithm returns NIL for a prime with no
solution, and its reference check ended in an internal ``TypeError: 'NoneType' object is not
iterable`` (AV408) on the first such prime, so the half of the claim about "no solution" was
never tested.
"""

from __future__ import annotations

import pytest

from algoverify import api

NOTE = r"""---
title: half
algoverify:
  module: refs.py
  checks:
    - id: half
      kind: reference
      listing: 1
      inputs: {{n: "integers(1, 20)"}}
      reference: {reference}
---

Half of an even number, or nil for an odd one.

\begin{{algorithmic}}[1]
\Require an integer \(n\)
\If{{\(n \bmod 2 = 1\)}}
  \State \Return \textsc{{nil}}
\EndIf
\State \Return \({outputs}\)
\end{{algorithmic}}
"""

REFS = """
def half(n):
    return None if n % 2 else n // 2


def pair(n):
    return None if n % 2 else (n // 2, n // 2)


def always(n):
    return n // 2


def never(n):
    return None
"""


@pytest.mark.parametrize(
    ("outputs", "reference", "status", "message"),
    [
        ("n / 2", "half", "verified", ""),
        (r"\lfloor n / 2 \rfloor, \lfloor n / 2 \rfloor", "pair", "verified", ""),
        ("n / 2", "always", "refuted", "= NIL but the reference gives"),
        (r"\lfloor n / 2 \rfloor, \lfloor n / 2 \rfloor", "always", "refuted", "the listing returns nothing (nil) but"),
        (r"\lfloor n / 2 \rfloor, \lfloor n / 2 \rfloor", "never", "refuted", "but the reference gives nothing (None)"),
    ],
)
def test_nil_against_none(tmp_path, outputs, reference, status, message):
    (tmp_path / "refs.py").write_text(REFS)
    path = tmp_path / "half.md"
    path.write_text(NOTE.format(outputs=outputs, reference=reference))
    (outcome,) = api.check([path], isolate=False, trials=30).notes[0].outcomes
    assert outcome.status == status, outcome.message
    assert message in outcome.message
    assert "TypeError" not in outcome.message


PAIRS = r"""---
title: pairs
algoverify:
  module: refs.py
  checks:
    - id: pairs
      kind: reference
      listing: 1
      inputs: {n: "integers(2, 5)"}
      reference: pairs
---

The pairs of \(\{1, \dots, n\}\).

\begin{algorithmic}[1]
\Require an integer \(n\)
\State \(C \gets \emptyset\)
\For{\(i = 1, \dots, n\)}
  \For{\(j = i + 1, \dots, n\)}
    \State \(C \gets C \cup \{\{i, j\}\}\)
  \EndFor
\EndFor
\State \Return \(C\)
\end{algorithmic}
"""


@pytest.mark.parametrize(
    ("reference", "status", "message"),
    [
        # round 66 (Bron–Kerbosch's cliques): a set of sets against the reference's was an internal
        # TypeError (float() of a set); it is compared member by member
        ("{frozenset((i, j)) for i in range(1, n + 1) for j in range(i + 1, n + 1)}", "verified", ""),
        ("[{i, j} for i in range(1, n + 1) for j in range(i + 1, n + 1)]", "verified", ""),
        (
            "{frozenset((i, j)) for i in range(1, n + 1) for j in range(i + 2, n + 1)}",
            "refuted",
            "C has 1 members, the reference 0: 1 only in the listing's ({1, 2})",
        ),
    ],
)
def test_a_set_of_sets_is_compared_member_by_member(tmp_path, reference, status, message):
    (tmp_path / "refs.py").write_text(f"def pairs(n):\n    return {reference}\n")
    path = tmp_path / "pairs.md"
    path.write_text(PAIRS)
    (outcome,) = api.check([path], isolate=False, trials=20, seed=0).notes[0].outcomes
    assert outcome.status == status, outcome.message
    assert message in outcome.message
