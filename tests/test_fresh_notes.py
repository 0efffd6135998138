"""Notes written by someone else run as written, and lint is clean exactly on those that run (issue 19).

``tests/data/fresh/roundN/`` holds, unedited, the notes new users wrote from the README alone,
one round per release (see ``benchmarks/fresh_notes.py``). Each must run as written: lint
reports nothing but unchecked prose claims (AV604), and every check is judged (verified,
refuted, or refuted as expected; never "could not check"). A note lint passes and check
cannot run would break the tool's promise; a note lint flags would need an edit.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from algoverify import api

FRESH = Path(__file__).parent / "data" / "fresh"
NOTES = sorted(FRESH.glob("round*/*.md"))


def test_every_round_is_here():
    assert len(NOTES) >= 50 and len({n.parent for n in NOTES}) >= 5


@pytest.mark.slow
@pytest.mark.parametrize("note", NOTES, ids=lambda n: f"{n.parent.name}/{n.stem}")
def test_a_fresh_note_runs_as_written(note):
    lint = [f"{f.code} {f.message}" for f in api.lint([note]).all_findings() if f.code != "AV604"]
    outcomes = api.check([note], seed=0).notes[0].outcomes
    unjudged = [f"{o.check.id}: {o.message}" for o in outcomes if o.status == "could not check"]
    assert outcomes, "the note's checks were not read"
    assert (lint, unjudged) == ([], [])
