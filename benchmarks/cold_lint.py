"""A cold ``algoverify lint NOTE`` (the pre-commit hook) in CPU seconds, alternated with another commit.

Run from the repository root::

    python benchmarks/cold_lint.py [--against REV] [--pairs 21] [--note corpus/power-iteration.md]

Each sample is one new process, ``python -m algoverify lint NOTE``, as the hook runs it: its user
and system CPU time, from the children's resource usage (the time the machine gave other work
is not in it). With ``--against REV`` the commit ``REV`` is checked out in a temporary worktree
and the two are run one after the other, pair by pair, so that a machine that slows down slows
both; the ratio printed is the median of the pairs' ratios, the figure a shared machine moves
least. Both have their bytecode compiled first, and one run of each warms the caches (the
grammars' tables, the stored regular expressions), as a user's second commit finds them.
``benchmarks/lint_work.py`` counts the same command's instructions instead.
"""

from __future__ import annotations

import argparse
import compileall
import os
import resource
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(Path(__file__).resolve().parent))

from lint_work import drop_checkout, other_checkout  # noqa: E402


def cpu_seconds(checkout: Path, note: Path) -> float:
    """User + system CPU of one cold ``python -m algoverify lint NOTE`` run in ``checkout``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(
        [sys.executable, "-m", "algoverify", "lint", str(note)],
        cwd=checkout,  # the current folder comes first on the path: the checkout's package is imported
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(checkout)},
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode not in (0, 1):
        raise SystemExit(f"lint failed in {checkout} (exit {done.returncode}):\n{done.stderr[-2000:]}")
    return after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", metavar="REV", help="alternate with the commit REV and print the ratio")
    parser.add_argument("--pairs", type=int, default=21, help="samples of each (default 21)")
    parser.add_argument("--note", type=Path, default=ROOT / "corpus" / "power-iteration.md")
    args = parser.parse_args()
    note = args.note.resolve()
    with tempfile.TemporaryDirectory() as work:
        checkouts = [ROOT]
        if args.against:
            checkouts.append(other_checkout(args.against, Path(work)))
        try:
            for checkout in checkouts:
                compileall.compile_dir(checkout / "algoverify", quiet=1)  # bytecode as an installed package has it
                cpu_seconds(checkout, note)  # the caches a second commit finds
            samples: list[list[float]] = [[] for _ in checkouts]
            for _ in range(args.pairs):
                for k, checkout in enumerate(checkouts):
                    samples[k].append(cpu_seconds(checkout, note))
        finally:
            if len(checkouts) > 1:
                drop_checkout(checkouts[1])
    load = os.getloadavg()[0]
    print(f"cold lint of {note.name}, {args.pairs} samples each, load {load:.1f}")
    print(f"this checkout   {statistics.median(samples[0]) * 1e3:6.0f} ms of CPU (median)")
    if args.against:
        print(f"{args.against:<15} {statistics.median(samples[1]) * 1e3:6.0f} ms of CPU (median)")
        ratio = statistics.median(a / b for a, b in zip(samples[0], samples[1]))
        print(f"ratio           {ratio:6.3f}× (median of the pairs' ratios)")


if __name__ == "__main__":
    main()
