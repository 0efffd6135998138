"""How long a broken listing takes to be refuted: power iteration whose renormalisation is wrong.

Issue 12's target: the whole note refuted in at most 30 s with the corpus's own budgets when
``v \\gets w / \\lambda`` becomes ``v \\gets w / \\lambda^{2}`` (the vector shrinks to zero or the
loop never meets its stopping test). The baseline, measured in the same run, is the note as it
stands (every check verified or refuted as expected).

    python benchmarks/bench_fast_failure.py [--repeats 3]

Prints, per variant, the median wall time of ``algoverify check`` (each note in its worker, as a
user runs it) and each check's verdict and seconds from the last repeat.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import tempfile
import time
from pathlib import Path

from algoverify import api

ROOT = Path(__file__).resolve().parents[1]
NOTE = "power-iteration.md"
BROKEN = (r"\State \(v \gets w / \lambda\)", r"\State \(v \gets w / \lambda^{2}\)")


def variant(folder: Path, broken: bool) -> Path:
    shutil.copy(ROOT / "corpus" / "power_iteration_checks.py", folder)
    text = (ROOT / "corpus" / NOTE).read_text(encoding="utf-8")
    if broken:
        assert BROKEN[0] in text, "the corpus listing changed: update BROKEN"
        text = text.replace(BROKEN[0], BROKEN[1])
    path = folder / NOTE
    path.write_text(text, encoding="utf-8")
    return path


def measure(path: Path, repeats: int) -> tuple[float, list[str]]:
    times, lines = [], []
    for _ in range(repeats):
        t0 = time.perf_counter()
        result = api.check([path])
        times.append(time.perf_counter() - t0)
        lines = [f"    {o.status:<20} {o.check.id:<28} {o.seconds:6.2f} s" for n in result.notes for o in n.outcomes]
    return statistics.median(times), lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeats", type=int, default=1)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        results = {}
        for name, broken in (("as written", False), ("w / lambda^2", True)):
            folder = Path(tmp) / name.replace(" ", "_").replace("/", "")
            folder.mkdir()
            results[name] = measure(variant(folder, broken), args.repeats)
    base = results["as written"][0]
    for name, (seconds, lines) in results.items():
        print(f"{name:<14} median {seconds:6.1f} s  ({seconds / base:4.1f}x the note as written)")
        print("\n".join(lines))


if __name__ == "__main__":
    main()
