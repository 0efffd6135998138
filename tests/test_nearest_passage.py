"""A ``claim:`` the prose does not have (AV407) points at the passage it was copied from, and says what differs.

Round 63's author quoted "One step of …" where a line break had left "One Step of …" in the
prose; "claim not found" alone sent them reading the paragraph word by word.
"""

from __future__ import annotations

import pytest

from algoverify import api
from algoverify.reading.rendered import nearest

PROSE = "We sort in place.\nThe listing sorts the keys\nin place, and it is stable. Nothing else is said."


@pytest.mark.parametrize(
    ("quote", "offset", "difference"),
    [
        ("The listing sorts its keys in place", 18, "the claim has “its” where the note has “the”"),
        ("the listing sorts keys in place", 18, "the note has “the” that the claim does not"),
        ("The listing sorts the keys in place and stable", 18, "the claim has “stable” where the note has “it”"),
        ("The listing sorts the keys in place.", 18, "the note has the same words, punctuated otherwise"),
        ("Nothing else was said", 73, "the claim has “was” where the note has “is”"),
        ("The heap is built bottom up", None, None),  # nothing near: no passage to point at
    ],
)
def test_the_nearest_passage_and_the_first_words_that_differ(quote, offset, difference):
    found = nearest(PROSE, quote)
    assert found == (None if offset is None else (offset, difference))


def test_lint_shows_where_the_claim_was_copied_from(tmp_path):
    note = tmp_path / "note.md"
    note.write_text(
        "---\nalgoverify:\n  checks:\n    - id: c\n      kind: reference\n      listing: 1\n"
        '      claim: "One step doubles every entry"\n      inputs: {x: "randn(3)"}\n      reference: d\n---\n\n'
        "The input is a vector \\(x\\). One\nStep doubles every entry.\n\n"
        "\\begin{algorithmic}\n\\Require vector \\(x\\)\n\\State \\Return \\(2 x\\)\n\\end{algorithmic}\n"
    )
    (finding,) = [f for f in api.lint([note]).all_findings() if f.code == "AV407"]
    passage = finding.details["nearest passage"]
    assert note.read_text()[passage.start :].startswith("One\nStep doubles")
    assert finding.details["difference"] == "the claim has “step” where the note has “Step”"
