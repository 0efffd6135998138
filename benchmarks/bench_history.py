"""What a trial pays for the history of a listing's variables: one note checked with and without it.

Run from the repository root::

    python benchmarks/bench_history.py [NOTE] [--rounds 6]

A reference check reads only a run's outputs, and a contract only counts (assignments, where
``assigned:`` asks for them), so their trials run with a trace that keeps no history of the
variables unless it counts them (hit counts, counters and steps are kept). This script checks the note
(default ``corpus/power-iteration.md``: six reference checks and a contract) in this process,
with the proof cache on, alternately as algoverify does and with every trial keeping its history,
and prints the median CPU seconds of each and the median of the per-round ratios: one process,
alternated, so that a shared machine's drift moves both alike.
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
from algoverify.checking.specification.context import CheckContext  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("note", nargs="?", default=str(ROOT / "corpus" / "power-iteration.md"))
    parser.add_argument("--rounds", type=int, default=6)
    args = parser.parse_args()

    run_listing = CheckContext.run_listing
    keep = {"all": False}

    def forced(self, check, listing, values, *, history=True):  # noqa: ANN001, ANN202
        return run_listing(self, check, listing, values, history=True if keep["all"] else history)

    CheckContext.run_listing = forced
    note = Path(args.note)
    api.check([note], isolate=False, cache=False)  # fills the proof cache and warms the imports
    seconds: dict[bool, list[float]] = {True: [], False: []}
    for _ in range(args.rounds):
        for every in (True, False):
            keep["all"] = every
            started = time.process_time()
            api.check([note], isolate=False, cache=False, proof_cache=True)
            seconds[every].append(time.process_time() - started)
    ratio = statistics.median(b / a for a, b in zip(seconds[True], seconds[False]))
    print(
        f"{note.name}: every trial keeps its history {statistics.median(seconds[True]):.3f} s of CPU, "
        f"as algoverify keeps it {statistics.median(seconds[False]):.3f} s; ratio {ratio:.2f} "
        f"(medians of {args.rounds} alternated rounds)"
    )


if __name__ == "__main__":
    main()
