r"""A family the ``\Require`` writes as calls (``x(0), \dots, x(L-1)``) is read by member in the spec too.

Round 66 of notes written by others: a sliding DFT's ``holds: 'X = \sum_{m=0}^{N-1} x(L - N + m)'``
was read as ``x`` times ``(L - N + m)`` while the listing reads ``x(n)`` as sample ``n``: a correct
listing was refuted. The family alone in its math (a range, not a list of three items) was not
taken as one written as calls.
"""

from __future__ import annotations

import pytest

from algoverify import api
from algoverify.math.segments import parse_segment
from algoverify.running.listing_parse import call_families

NOTE = r"""---
title: last samples
algoverify:
  checks:
    - id: tail
      kind: property
      listing: 1
      inputs: {{N: "integers(1, 5)", L: "integers(N, 9)", x: "randn(L)"}}
      holds: '{holds}'
---

The last \(N\) samples of a signal, added up.

\begin{{algorithmic}}[1]
\Require samples {family}, window length \(N\)
\State \(s \gets 0\)
\For{{\(n = L - N, \dots, L - 1\)}}
  \State \(s \gets s + x(n)\)
\EndFor
\State \Return \(s\)
\end{{algorithmic}}
"""


@pytest.mark.parametrize("family", [r"\(x(0), \dots, x(L-1)\)", r"\(x(0)\), \(\dots\), \(x(L-1)\)"])
def test_the_family_is_found_alone_in_its_math_or_split_over_three(tmp_path, family):
    path = tmp_path / "tail.md"
    path.write_text(NOTE.format(family=family, holds=r"s = \sum_{m=0}^{N-1} x(L - N + m)"))
    assert call_families(api.load(path).listing(1).algorithm, parse_segment) == {"x"}


@pytest.mark.parametrize(
    ("holds", "status"),
    [
        (r"s = \sum_{m=0}^{N-1} x(L - N + m)", "verified"),  # sample L − N + m, as the listing reads x(n)
        (r"s = \sum_{m=0}^{N-1} x(m)", "refuted"),  # the first samples: a wrong claim is still refuted
    ],
)
def test_a_spec_reads_a_member_of_the_family_as_the_listing_does(tmp_path, holds, status):
    path = tmp_path / "tail.md"
    path.write_text(NOTE.format(family=r"\(x(0), \dots, x(L-1)\)", holds=holds))
    (report,) = api.lint([path]).notes
    assert [f.code for f in report.findings if f.severity.value == "error"] == []
    (outcome,) = api.check([path], isolate=False, trials=30).notes[0].outcomes
    assert outcome.status == status, outcome.message
