"""Runs over many notes (issue 12): copies of the corpus, lint and check, 1 and 2 jobs; a warm cache.

Run from the repository root::

    python benchmarks/bench_corpus_scale.py [--notes 200 1600] [--rounds 3] [--warm-rounds 9]

For each size, a temporary folder gets as many copies of ``corpus/`` (each a folder holding the
notes and their modules) as make that many notes. Each row times ``python -m algoverify
lint|check FOLDER --jobs J --no-cache --no-progress`` as a separate process, start-up and
imports included, as a user waits for it. In each round the 1-job and 2-job runs follow each
other, and the speed-up is the median of the rounds' ratios (the figure a noisy, shared
machine moves least); times are medians over the rounds.

The CPU seconds beside them are those of the process and of the processes it waited for (a
note's worker is killed once it has reported, so for ``check`` they are mostly the run's and
the lanes' own); with the load average they tell a busy machine from a slow run.

``--proof-cache`` adds, for ``check``, the run with only the proof cache on (``--no-note-cache``),
twice: the first starts from an empty cache (each distinct claim is proved once, its copies read
it back), the second finds it full. The folder holds an ``algoverify.toml``, so that it is its
own project root and the caches start empty.

Then the warm cache: ``algoverify corpus/`` once to fill the cache at the project root, then
timed ``--warm-rounds`` times (median, best), with a ``--no-cache`` run of the same command
between rounds as the baseline.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / "corpus"


def _env(cache: bool) -> dict[str, str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    env.pop("ALGOVERIFY_NO_CACHE", None)
    if not cache:
        env["ALGOVERIFY_NO_CACHE"] = "1"
    return env


def timed(argv: list[str], *, cache: bool = False, cwd: Path = ROOT) -> tuple[float, float]:
    """Seconds one ``python -m algoverify …`` takes, and the CPU seconds it (and what it waited for) used."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "algoverify", *argv], cwd=cwd, env=_env(cache), capture_output=True, text=True
    )
    seconds = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(argv)} exited {done.returncode}:\n{done.stderr[-2000:]}")
    return seconds, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def copies(folder: Path, notes: int) -> int:
    """Fill ``folder`` with copies of the corpus (notes and modules) until it holds ``notes`` notes."""
    per_copy = len(list(CORPUS.glob("*.md")))
    count = 0
    i = 0
    while count < notes:
        target = folder / f"copy-{i:04d}"
        target.mkdir()
        for file in sorted(CORPUS.iterdir()):
            if file.suffix == ".py" or (file.suffix == ".md" and count < notes):
                shutil.copy2(file, target / file.name)
                count += file.suffix == ".md"
        i += 1
    assert count == notes, (count, per_copy)
    (folder / "algoverify.toml").write_text("# the project root of the copies: their caches start empty here\n")
    return count


def scale(sizes: list[int], rounds: int, commands: list[str], check_jobs: list[int], proofs: bool) -> None:
    print(f"{'notes':>6} {'command':<6} {'1 job':>9} {'2 jobs':>9} {'speed-up':>9}   CPU s (1 job, 2 jobs)  load")
    for size in sizes:
        with tempfile.TemporaryDirectory(prefix="algoverify-scale-") as tmp:
            folder = Path(tmp) / "notes"
            folder.mkdir()
            copies(folder, size)
            for command in commands:
                lanes = check_jobs if command == "check" else [1, 2]
                times: dict[int, list[float]] = {j: [] for j in lanes}
                cpu: dict[int, list[float]] = {j: [] for j in lanes}
                ratios = []
                for _ in range(rounds):
                    for jobs in lanes:
                        seconds, used = timed([command, str(folder), "--jobs", str(jobs), "--no-progress"])
                        times[jobs].append(seconds)
                        cpu[jobs].append(used)
                    if len(lanes) == 2:
                        ratios.append(times[1][-1] / times[2][-1])
                shown = [f"{statistics.median(times[j]):>8.1f}s" if j in times else f"{'-':>9}" for j in (1, 2)]
                ratio = f"{statistics.median(ratios):>8.2f}×" if ratios else f"{'-':>9}"
                used = ", ".join(f"{statistics.median(cpu[j]):.1f}" for j in lanes)
                print(f"{size:>6} {command:<6} {shown[0]} {shown[1]} {ratio}   {used:<21} {os.getloadavg()[0]:.1f}")
            if proofs:
                for label in ("proof cache filling", "proof cache full"):
                    argv = ["check", str(folder), "--jobs", "2", "--no-progress", "--no-note-cache"]
                    seconds, used = timed(argv, cache=True, cwd=folder)
                    print(f"{size:>6} check, 2 jobs, {label}: {seconds:.1f} s ({used:.1f} CPU s)", flush=True)


def warm(rounds: int) -> None:
    timed(["corpus/", "--no-progress"], cache=True)  # fills the cache
    warm_times, cold_times = [], []
    for _ in range(rounds):
        warm_times.append(timed(["corpus/", "--no-progress"], cache=True)[0])
        cold_times.append(timed(["corpus/", "--no-progress", "--no-cache"], cache=True)[0])
    print(
        f"algoverify corpus/: warm cache {statistics.median(warm_times):.2f} s (best {min(warm_times):.2f} s), "
        f"--no-cache {statistics.median(cold_times):.2f} s (medians of {rounds})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--notes", type=int, nargs="+", default=[200, 1600], help="sizes (default: 200 1600)")
    parser.add_argument("--rounds", type=int, default=3, help="runs per row (default: 3)")
    parser.add_argument("--warm-rounds", type=int, default=9, help="runs of the warm corpus (default: 9)")
    parser.add_argument("--commands", nargs="+", default=["lint", "check"], help="default: lint check")
    parser.add_argument("--skip-scale", action="store_true", help="only the warm-cache figure")
    parser.add_argument("--check-jobs", type=int, nargs="+", default=[1, 2], help="lanes of check (default: 1 2)")
    parser.add_argument("--proof-cache", action="store_true", help="also check with only the proof cache on")
    args = parser.parse_args()
    print(f"{os.cpu_count()} CPUs; load average {', '.join(f'{x:.1f}' for x in os.getloadavg())}")
    if not args.skip_scale:
        scale(args.notes, args.rounds, args.commands, args.check_jobs, args.proof_cache)
    if args.warm_rounds > 0:  # --warm-rounds 0: the scale runs alone
        warm(args.warm_rounds)


if __name__ == "__main__":
    main()
