"""Proof times per corpus claim (issue 13), against the same checks run with proofs switched off.

Run from the repository root::

    python benchmarks/bench_proofs.py [--repeat 5]

Each note of the corpus is checked ``--repeat`` times with proofs and ``--repeat`` times without
(the baseline, in the same process and run, interleaved so that load hits both alike). For each
check that has a proof (proved or disproved), or an inconclusive attempt that at least doubled
its time, it prints the proof's status, its time on the first
attempt (sympy's caches cold, as in a fresh worker) and the median of the others, and the median
time of the whole check with and without the proof, with their ratio. The last line sums the
checks of the whole corpus: what proving costs a cold run.
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
from algoverify.checking.evidence import proof  # noqa: E402


def _run(path: Path, proofs: bool) -> dict[str, tuple[float, dict | None]]:
    """Each check's (seconds, proof details) for one check of the note."""
    original = proof.settle
    if not proofs:
        proof.settle = lambda attempt, seconds=None: proof.Proof(proof.INCONCLUSIVE, why="switched off")
    try:
        report = api.check([path], seed=0, isolate=False).notes[0]
    finally:
        proof.settle = original
    return {o.check.id: (o.seconds, o.details.get("proof")) for o in report.outcomes}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    rows, total_with, total_without = [], 0.0, 0.0
    started = time.perf_counter()
    for path in sorted((ROOT / "corpus").glob("*.md")):
        with_proofs: dict[str, list] = {}
        without: dict[str, list] = {}
        for _ in range(args.repeat):
            for cid, found in _run(path, True).items():
                with_proofs.setdefault(cid, []).append(found)
            for cid, found in _run(path, False).items():
                without.setdefault(cid, []).append(found[0])
        for cid, runs in with_proofs.items():
            check_with = statistics.median(s for s, _ in runs)
            check_without = statistics.median(without[cid])
            total_with += check_with
            total_without += check_without
            details = [p for _, p in runs if p is not None]
            if not details:
                # an attempt that was inconclusive leaves no details: its cost shows in the check's time
                if check_with > 2 * check_without + 0.05:
                    rows.append((path.name, cid, "inconclusive", float("nan"), float("nan"), check_with, check_without))
                continue
            first, rest = details[0]["seconds"], [p["seconds"] for p in details[1:]] or [details[0]["seconds"]]
            rows.append(
                (path.name, cid, details[0]["status"], first, statistics.median(rest), check_with, check_without)
            )
    head = (
        f"{'note':28} {'check':36} {'proof':10} {'first s':>8} {'median s':>8} {'check s':>8} {'no-proof s':>10} ratio"
    )
    print(head)
    for name, cid, status, first, median, w, wo in rows:
        print(f"{name:28} {cid:36} {status:10} {first:8.3f} {median:8.3f} {w:8.3f} {wo:10.3f} {w / wo:5.1f}")
    print(
        f"corpus, every check (medians): {total_with:.2f} s with proofs, {total_without:.2f} s without, "
        f"ratio {total_with / total_without:.1f}; {len(rows)} checks with a proof or a costly attempt; "
        f"benchmark {time.perf_counter() - started:.0f} s"
    )


if __name__ == "__main__":
    main()
