"""Notes on a Dask cluster (issue 26): ``--scheduler local:2`` against ``--jobs 1`` and ``--jobs 2``.

Run from the repository root (needs the dask extra: ``pip install -e '.[dask]'``)::

    python benchmarks/bench_dask.py [--notes 80] [--rounds 3] [--modes "jobs 2" local:2] [--commands check]

A temporary folder gets copies of ``corpus/`` (notes and modules) until it holds ``--notes``
notes. Each round times, as separate processes (start-up, imports and the cluster's start
included, as a user waits for them), ``python -m algoverify check FOLDER --no-cache`` with
``--jobs 1``, ``--jobs 2`` and ``--scheduler local:2``, then the same three of ``lint``, where a
note costs ~10 ms and the task's own cost shows. Times are medians over the rounds, ratios the
medians of each round's ratios (the figure a shared machine moves least).

The fixed cost of a cluster (starting two worker processes and their first imports) is measured
apart: ``lint`` of one note with ``--scheduler local:2`` less the same with ``--jobs 1``. The
task overhead per note is then what ``local:2`` costs beyond ``--jobs 2`` and that fixed cost,
times the two workers, over the notes: what each note pays for travelling as a task (its parcel
written and removed, a lane forked, the result sent back as JSON text).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_corpus_scale import copies, timed  # noqa: E402

MODES = {"jobs 1": ["--jobs", "1"], "jobs 2": ["--jobs", "2"], "local:2": ["--scheduler", "local:2"]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--notes", type=int, default=80, help="notes checked (default: %(default)s)")
    parser.add_argument("--rounds", type=int, default=3, help="rounds, each mode once per round (default: %(default)s)")
    parser.add_argument("--modes", nargs="+", choices=list(MODES), default=list(MODES), help="default: all three")
    parser.add_argument("--commands", nargs="+", choices=["check", "lint"], default=["check", "lint"])
    args = parser.parse_args()
    modes = {mode: MODES[mode] for mode in args.modes if mode in MODES}
    if not {"jobs 2", "local:2"} <= set(modes):
        parser.error("--modes must hold 'jobs 2' and local:2: the ratio is between them")
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())} ({os.cpu_count()} CPUs)")
    with tempfile.TemporaryDirectory(prefix="bench-dask-") as tmp:
        folder = Path(tmp)
        (folder / "algoverify.toml").write_text("")  # its own project: the repository's settings stay out
        copies(folder, args.notes)
        one = next(folder.rglob("power-iteration.md"))
        start = []
        for _ in range(args.rounds):
            alone = timed(["lint", str(one), "--jobs", "1", "--no-progress"])[0]
            start.append(timed(["lint", str(one), "--scheduler", "local:2", "--no-progress"])[0] - alone)
        fixed = statistics.median(start)
        print(f"a local:2 cluster's fixed cost (its start, its workers' imports): {fixed:.2f} s")
        for command in args.commands:
            times: dict[str, list[float]] = {mode: [] for mode in modes}
            for _ in range(args.rounds):
                for mode, options in modes.items():
                    times[mode].append(timed([command, str(folder), "--no-progress", *options])[0])
            median = {mode: statistics.median(t) for mode, t in times.items()}
            ratio = statistics.median(c / j for c, j in zip(times["local:2"], times["jobs 2"]))
            one = times.get("jobs 1")
            speedup = statistics.median(a / b for a, b in zip(one, times["local:2"])) if one else float("nan")
            overhead = (median["local:2"] - median["jobs 2"] - fixed) * 2 / args.notes
            print(f"\n{command} of {args.notes} notes, median of {args.rounds} rounds:")
            for mode in modes:
                print(f"  --{mode if mode.startswith('jobs') else 'scheduler ' + mode:<20} {median[mode]:7.2f} s")
            print(f"  local:2 / jobs 2: {ratio:.3f}x (goal for check: <= 1.15x)   jobs 1 / local:2: {speedup:.2f}x")
            work = f"{median['jobs 1'] / args.notes * 1000:.0f} ms of work (jobs 1); " if one else ""
            print(f"  per note: {work}task overhead {overhead * 1000:.0f} ms per note per worker (fixed cost aside)")
    print(f"\nload average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
