"""What finding the prose's claims (AV604) adds to ``lint`` (issue 10, item 7).

Run from the repository root::

    python benchmarks/bench_claims.py [--repeat 200]

Times, in the same run and alternately, ``lint`` of the corpus and the claims pass alone
(sentences, detector, quoting) over the notes ``lint`` read, and prints the medians and the
claims pass's share of a lint. Then the throughput of the claims pass on one long note: the
corpus's prose paragraphs repeated ``--repeat`` times.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from algoverify import api  # noqa: E402
from algoverify.checking.specification.claims import claim_findings  # noqa: E402
from algoverify.reading.blocks import find_blocks  # noqa: E402
from algoverify.reading.notes import parse_note  # noqa: E402
from algoverify.reading.prose import sentences  # noqa: E402


def timed(fn) -> float:
    t0 = time.perf_counter()
    fn()
    return time.perf_counter() - t0


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=15)
    args = parser.parse_args()
    corpus = ROOT / "corpus"
    notes = [n for n in api.analyse([corpus], math=False).notes if n.note is not None]

    def claims_pass() -> None:
        for n in notes:
            claim_findings(n.note, [b.block for b in n.blocks])

    claims_pass()  # markdown-it and the regular expressions built outside the timing
    api.lint([corpus])
    lint_t, claims_t = [], []
    for _ in range(args.rounds):
        lint_t.append(timed(lambda: api.lint([corpus])))
        claims_t.append(timed(claims_pass))
    lint_m, claims_m = statistics.median(lint_t), statistics.median(claims_t)
    share = statistics.median(c / (t - c) for t, c in zip(lint_t, claims_t))
    print(
        f"lint of the corpus ({len(notes)} notes): {lint_m * 1000:.1f} ms; the claims pass: {claims_m * 1000:.1f} ms "
        f"(+{share:.0%} over a lint without it, median of {args.rounds} paired rounds)"
    )

    prose = "\n\n".join("\n\n".join(s.text for s in sentences(n.note, [b.block for b in n.blocks])) for n in notes)
    text = "---\ntitle: long\n---\n\n" + "\n\n".join([prose] * args.repeat) + "\n"
    note = parse_note(Path("long.md"), text)
    blocks = find_blocks(note)[0]
    count = len(sentences(note, blocks))
    t = statistics.median(timed(lambda: claim_findings(note, blocks)) for _ in range(3))
    print(f"one note of {count:,} sentences ({len(text) / 1e6:.1f} MB): {t:.2f} s = {count / t:,.0f} sentences/s")


if __name__ == "__main__":
    main()
