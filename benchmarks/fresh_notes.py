"""How notes written by someone else fare: each note's lint findings and its checks' verdicts, as written.

The notes in ``tests/data/fresh/roundN/`` were written, one round per release, by a new user who
had read only the README of the time and none of the code: textbook and paper algorithms, most
with their sizes and symbols introduced in the prose. Each round was written against the release
before it; the notes are kept as their author wrote them (the corrections that author needed are
not here), so running this script on a later release measures what still needs an edit.

A note *runs as written* when ``lint`` reports nothing but unchecked claims (AV604) and notes, and every
check of it is judged (verified, refuted or refuted as expected: none "could not check"). A lint
that is clean on a note whose checks cannot run breaks the tool's promise; the table marks it.

    python benchmarks/fresh_notes.py [--round N] [--seed S]
"""

from __future__ import annotations

import argparse
import collections
from pathlib import Path

from algoverify import api

ROOT = Path(__file__).resolve().parents[1] / "tests" / "data" / "fresh"


def tally(note: Path, seed: int) -> tuple[list[str], collections.Counter]:
    lint = api.lint([note])
    codes = sorted(f.code for f in lint.all_findings() if f.code != "AV604" and f.severity.value != "note")
    verdicts = collections.Counter(o.status for n in api.check([note], seed=seed).notes for o in n.outcomes)
    return codes, verdicts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--round", type=int, help="one round only (1, 2, …)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    rounds = (
        sorted(ROOT.glob("round*"), key=lambda p: int(p.name[5:]))
        if args.round is None
        else [ROOT / f"round{args.round}"]
    )
    for folder in rounds:
        ran = promise = 0
        notes = sorted(folder.glob("*.md"))
        print(f"{folder.name}: {len(notes)} notes")
        for note in notes:
            codes, verdicts = tally(note, args.seed)
            judged = verdicts["could not check"] == 0
            clean = not codes
            ran += clean and judged
            promise += clean and not judged
            shown = ", ".join(f"{n} {v}" for v, n in sorted(verdicts.items()))
            mark = "runs as written" if clean and judged else "lint clean, does not run" if clean else "lint flags it"
            print(f"  {note.name:<28} {mark:<26} lint: {' '.join(codes) or 'clean'}; {shown}")
        print(f"  ran as written: {ran} of {len(notes)}; lint clean but could not check: {promise}")


if __name__ == "__main__":
    main()
