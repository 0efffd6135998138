"""How much of a cold corpus check runs loop-free listings: what batching their trials could save (issue 23).

Run from the repository root::

    python benchmarks/loop_free_share.py [PATH ...]

The notes (default: ``corpus/``) are checked once in this process, cold (``--no-cache --jobs 1
--no-isolation``), with each run of a listing timed (CPU). It prints, per listing, whether it
has a loop, its runs, their CPU seconds and the cost of one run, then the share of the whole
check that loop-free listings take: the most that running a check's trials as one batch (the
same NumPy operations over a stacked axis) could save.
"""

from __future__ import annotations

import collections
import contextlib
import io
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from algoverify.cli import main as cli  # noqa: E402
from algoverify.running import listing as listing_module  # noqa: E402
from algoverify.syntax import ir  # noqa: E402

LOOPS = (ir.WhileBlock, ir.ForRange, ir.ForAll, ir.RepeatUntil, ir.LoopBlock)


def main() -> None:
    paths = sys.argv[1:] or [str(ROOT / "corpus")]
    spent: collections.Counter[tuple[str, str]] = collections.Counter()
    runs: collections.Counter[tuple[str, str]] = collections.Counter()
    run = listing_module.Listing.run

    def timed(self, *args, **kwargs):  # noqa: ANN001, ANN002, ANN003, ANN202
        started = time.process_time()
        try:
            return run(self, *args, **kwargs)
        finally:
            looped = any(isinstance(n, LOOPS) for root in self.algorithm.body for n in ir.walk(root))
            key = ("loops" if looped else "loop-free", self.caption or self.name or f"listing {self.index}")
            spent[key] += time.process_time() - started
            runs[key] += 1

    listing_module.Listing.run = timed
    started = time.process_time()
    with contextlib.redirect_stdout(io.StringIO()):
        cli([*paths, "--no-cache", "--jobs", "1", "--no-isolation"])
    total = time.process_time() - started
    listing_module.Listing.run = run
    print(f"{'listing':<52} {'kind':<10} {'runs':>6} {'CPU s':>7} {'µs/run':>8}")
    for (kind, name), seconds in spent.most_common():
        n = runs[(kind, name)]
        print(f"{name[:52]:<52} {kind:<10} {n:>6} {seconds:>7.3f} {1e6 * seconds / n:>8.0f}")
    free = sum(s for (kind, _), s in spent.items() if kind == "loop-free")
    print(f"whole check {total:.2f} CPU s; loop-free listings {free:.3f} s ({free / total:.1%})")


if __name__ == "__main__":
    main()
