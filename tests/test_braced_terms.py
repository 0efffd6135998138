r"""Braces around a big operator's term group it: ``\arg\max_k \{a_k + r_k\}`` is the best k, not 1.

Round 66 of notes written by others (affinity propagation, after Frey and Dueck): the braced
term was read as a set of one value per k, so ``\max_{k}\{…\}`` was that set and ``\arg\max``
always its first index, a silent wrong value.
"""

from __future__ import annotations

import pytest

from algoverify import api

NOTE = r"""---
title: braces
---

\begin{{algorithmic}}[1]
\Require vectors \(a, r \in \mathbb{{R}}^{{n}}\), a set \(S\)
\State \(c \gets {written}\)
\Return \(c\)
\end{{algorithmic}}
"""


@pytest.mark.parametrize(
    ("written", "expected"),
    [
        (r"\arg\max_k \{a_k + r_k\}", 3),
        (r"\arg\min_{k} \{a_k + r_k\}", 1),
        (r"\max_{k} \{a_k + r_k\}", 11.0),
        (r"\sum_{k=1}^{n} \{a_k r_k\}", 18.0),
        (r"\max\{a_1, a_2\}", 5.0),  # no index: the larger of the two listed
        (r"\bigcup_{v \in S} \{v\}", {2, 7}),  # a union of sets keeps its braces: each is a set
    ],
)
def test_a_braced_term_is_grouped_where_the_operator_reduces_numbers(tmp_path, written, expected):
    path = tmp_path / "b.md"
    path.write_text(NOTE.format(written=written))
    (report,) = api.lint([path]).notes
    assert [f.message for f in report.findings if f.severity.value == "error"] == []
    listing = api.load(path).listing(1)
    value = listing(a=[1.0, 5.0, 2.0], r=[0.0, 0.0, 9.0], S={2, 7})
    assert value == expected
