r"""Readings from round 66 of notes written by others, on fixtures written for these tests.

Cohen–Sutherland's clipping (Foley et al.) keeps two outcodes ``c_0``, ``c_1`` and the one to move,
``c \gets c_0``; ``c_0`` was read as entry 0 of ``c``, and ``\If{c = c_0}`` stopped every run
(lint was clean). A name set whole to one of its numbered members is a name beside them.
"""

from __future__ import annotations

from algoverify import api

SWAP = r"""---
title: pick
---

Two codes and the one picked.

\begin{algorithmic}[1]
\Function{Pick}{$a, b$}
  \State $c_0 \gets \Call{Code}{a}$; $c_1 \gets \Call{Code}{b}$
  \If{$c_0 \ne \emptyset$}
    \State $c \gets c_0$
  \Else
    \State $c \gets c_1$
  \EndIf
  \If{$c = c_0$}
    \State $c_0 \gets \emptyset$
  \EndIf
  \State \Return $c, c_0, c_1$
\EndFunction
\Function{Code}{$x$}
  \State $c \gets \emptyset$
  \If{$x > 1$}
    \State $c \gets c \cup \{1\}$
  \EndIf
  \State \Return $c$
\EndFunction
\end{algorithmic}
"""

SEQUENCE = r"""---
title: fill
---

An array filled by entry.

\begin{algorithmic}[1]
\Require an integer \(n \ge 2\)
\State $c \gets \mathrm{zeros}(n)$
\State $c_1 \gets 5$
\State $c_2 \gets c_1 + 1$
\State \Return $c$
\end{algorithmic}
"""


def test_a_name_set_to_its_numbered_member_is_a_name_beside_it(tmp_path):
    path = tmp_path / "pick.md"
    path.write_text(SWAP)
    (report,) = api.lint([path]).notes
    assert [f.code for f in report.findings if f.code != "AV604"] == []
    listing = api.load(path).listing("Pick")
    assert listing(a=3, b=0) == ({1}, set(), set())  # c_0 picked, then emptied: c keeps its value
    assert listing(a=0, b=3) == ({1}, set(), {1})


def test_entries_stored_into_an_array_stay_its_entries(tmp_path):
    path = tmp_path / "fill.md"
    path.write_text(SEQUENCE)
    listing = api.load(path).listing(1)
    assert list(listing(n=3)) == [5.0, 6.0, 0.0]
