r"""Round 70 (a new user's notes, checked with --jobs and on a Dask cluster): what it found, held (the fixtures are ours)."""

from __future__ import annotations

from algoverify import api

EUCLID_UNCLOSED = r"""---
algoverify:
  checks:
    - id: gcd
      kind: property
      listing: Euclid
      inputs: {a: "integers(1, 50)", b: "integers(1, 50)"}
      holds: 'a \bmod r = 0'
---

Euclid's algorithm.

\begin{algorithmic}
\Function{Euclid}{\(a, b\)}
  \While{\(b \ne 0\)}
    \State \(t \gets b\); \(b \gets a \bmod b\); \(a \gets t\)
  \State \Return \(a\)
\EndFunction
\end{algorithmic}
"""


def test_a_check_naming_a_listing_that_does_not_parse_says_it_does_not_parse(tmp_path):
    # round 70: a missing \EndWhile made each check say "no listing named or captioned 'Euclid'",
    # the listing's own AV102 printed after them, as if the name were the mistake
    note = tmp_path / "euclid.md"
    note.write_text(EUCLID_UNCLOSED)
    report = api.check([note]).notes[0]
    (outcome,) = report.outcomes
    assert outcome.status == "could not check"
    (finding,) = [f for f in outcome.findings if f.code == "AV502"]
    assert finding.message == (
        "check gcd: no listing named or captioned 'Euclid' among the listings that parse; listing 1 (line 13) "
        "does not parse: AV102 \\While is never closed: expected \\EndWhile before \\EndFunction"
    )


def test_a_value_that_could_not_shrink_beside_the_others_is_tried_again_once_they_have():
    # round 70: extended Euclid refuted at a = 983, b = 3, where a = 2, b = 3 fails the same way: a
    # was tried first, beside the drawn b = 381, and never again once b had shrunk
    from algoverify.checking.evidence.trials import simplify_values

    within = lambda x: 0 <= x <= 1000  # noqa: E731 - integers(0, 1000)
    shrunk = simplify_values({"a": 983, "b": 381}, lambda v: v["a"] >= v["b"], {"a": within, "b": within})
    assert shrunk == {"a": 0, "b": 0}
