"""Lint's work per note, counted in instructions: a figure a busy, shared machine does not move.

Run from the repository root (needs Debian's valgrind)::

    python benchmarks/lint_work.py [--notes 40] [--against REV]

Timing ``lint`` on a machine shared with other work moves by a fifth from run to run, more than
most changes to lint's code. valgrind's callgrind counts the instructions a process executes
instead: the same count, within a few tenths of a percent, whatever else the machine does. The
script counts ``python -m algoverify lint FOLDER --jobs 1`` twice, over one corpus note and over
``--notes`` copies of the corpus's notes (the copies ``bench_corpus_scale.py`` makes), and prints
the instructions of the one-note run (start-up, imports and one note: what a pre-commit hook
pays) and the instructions per note beyond it (what a large collection pays per note).

``--against REV`` counts the same for the commit ``REV`` (checked out in a temporary worktree,
its bytecode compiled first, as the checkout's is) and prints the ratios: this checkout's counts
over REV's. Under callgrind a run is about fifty times slower: 40 notes take about a minute.
"""

from __future__ import annotations

import argparse
import compileall
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_corpus_scale import copies  # noqa: E402


def instructions(checkout: Path, argv: list[str]) -> int:
    """Instructions of ``python ARGV`` run in ``checkout``, whose package is then the one imported."""
    with tempfile.TemporaryDirectory() as scratch:
        done = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={scratch}/out", sys.executable, *argv],
            cwd=checkout,  # the current folder comes first on the path: the checkout's package is imported
            capture_output=True,
            text=True,
            # one hash seed: the order of a set (so of the dictionaries and patterns built from it)
            # is then the same in every run, and so is the count
            env={**os.environ, "PYTHONHASHSEED": "0"},
        )
    found = re.search(r"Collected : (\d+)", done.stderr)
    if found is None:
        raise SystemExit(f"valgrind gave no count (exit {done.returncode}):\n{done.stderr[-2000:]}")
    return int(found.group(1))


def measure(checkout: Path, one: Path, many: Path, notes: int) -> tuple[int, float]:
    """(instructions of the one-note lint, instructions per note beyond it)."""
    compileall.compile_dir(checkout / "algoverify", quiet=1)  # bytecode as an installed package has it
    # one run outside valgrind first: the patterns a checkout compiles anew are stored in the machine's
    # pattern cache (algoverify/syntax/pattern_cache.py), as a user's second lint finds them; counted
    # cold, they added about 0.2 G to the one-note run and took 5 M from each note beyond it
    subprocess.run([sys.executable, *_lint(one)], cwd=checkout, capture_output=True, check=False)
    single = instructions(checkout, _lint(one))
    return single, (instructions(checkout, _lint(many)) - single) / (notes - 1)


def _lint(folder: Path) -> list[str]:
    return ["-m", "algoverify", "lint", str(folder), "--jobs", "1"]


def other_checkout(rev: str, under: Path) -> Path:
    """A worktree of the commit ``rev`` under ``under`` (removed by :func:`drop_checkout`)."""
    path = under / "against"
    subprocess.run(["git", "worktree", "add", "--detach", "-q", str(path), rev], cwd=ROOT, check=True)
    return path


def drop_checkout(path: Path) -> None:
    subprocess.run(["git", "worktree", "remove", "--force", str(path)], cwd=ROOT, check=False)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--notes", type=int, default=40, help="copies of corpus notes linted together (default 40)")
    parser.add_argument("--against", metavar="REV", help="also count the commit REV, and print the ratios")
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed (apt-get install valgrind)")
    with tempfile.TemporaryDirectory() as work:
        base = Path(work)
        one, many = base / "one", base / "many"
        one.mkdir()
        many.mkdir()
        for name in ("power-iteration.md", "power_iteration_checks.py"):
            shutil.copy2(ROOT / "corpus" / name, one / name)
        (one / "algoverify.toml").write_text("# a project root of its own\n")
        copies(many, args.notes)
        rows = [("this checkout", *measure(ROOT, one, many, args.notes))]
        if args.against:
            other = other_checkout(args.against, base)
            try:
                rows.append((args.against, *measure(other, one, many, args.notes)))
            finally:
                drop_checkout(other)
    print(f"{'':<16} {'lint of one note':>18} {'per note beyond it':>20}")
    for name, single, per in rows:
        print(f"{name:<16} {single / 1e9:>16.3f} G {per / 1e6:>18.1f} M")
    if len(rows) == 2:
        (_, a, b), (_, c, d) = rows
        print(f"{'ratio':<16} {a / c:>17.3f}× {b / d:>19.3f}×")


if __name__ == "__main__":
    main()
