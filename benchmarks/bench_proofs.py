"""Proof times per corpus claim (issue 13, item 1), against the trials of the same check.

Run from the repository root::

    python benchmarks/bench_proofs.py [--repeat 5]

For every property check of the corpus a proof is attempted for, prints the proof's status
and the median of ``--repeat`` attempts, beside the median time of the whole check (proof and
trials) in the same run. The first attempt in the process also pays sympy's caches warming up,
so it is left out of the medians.
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
from algoverify.checking import proof  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    notes = sorted((ROOT / "corpus").glob("*.md"))
    rows = []
    for path in notes:
        report = api.check([path], seed=0, isolate=False).notes[0]
        for o in report.outcomes:
            if o.check.kind != "property" or proof.provable(o.check) is None:
                continue
            proof.prove(o.check)  # warm-up
            times, found = [], None
            for _ in range(args.repeat):
                started = time.perf_counter()
                found = proof.prove(o.check)
                times.append(time.perf_counter() - started)
            whole = []
            for _ in range(args.repeat):
                started = time.perf_counter()
                api.check([path], seed=0, isolate=False)
                whole.append(time.perf_counter() - started)
            rows.append((path.name, o.check.id, found, statistics.median(times), statistics.median(whole)))
    print(f"{'note':28} {'check':36} {'proof':12} {'proof s':>8} {'note s':>8}  scope / why")
    for name, cid, found, t, w in rows:
        print(f"{name:28} {cid:36} {found.status:12} {t:8.3f} {w:8.3f}  {found.scope or found.why}")


if __name__ == "__main__":
    main()
