"""A long fuzz run: hostile notes through lint (every case) and check (one case in N), saving each failure.

Usage::

    python benchmarks/fuzz_long.py [--cases 100000] [--check-every 50] [--out fuzz-failures/] [--start 0]

A case fails when algoverify raises, reports an internal error (AV099), or takes longer than
``--timeout`` seconds (a hang). Each failing note is saved under ``--out`` with its seed; the
run prints cases per second as it goes and a summary at the end. The cases are
``tests/fuzz_cases.project(seed)``: corrupted corpus notes, listings built from the grammar, hostile
front matter, and hostile files beside the note (configuration, macro files, preambles: devices,
FIFOs, link loops, alias bombs, numbers past every limit).
"""

from __future__ import annotations

import argparse
import shutil
import signal
import sys
import tempfile
import time
import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from fuzz_cases import project, write_project  # noqa: E402

from algoverify import api  # noqa: E402


class _Hang(Exception):
    pass


def _alarm(signum, frame):  # noqa: ANN001, ANN202, ARG001
    raise _Hang


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=100_000)
    parser.add_argument("--start", type=int, default=0, help="first seed")
    parser.add_argument("--check-every", type=int, default=50, help="also run check on one case in N (0: never)")
    parser.add_argument("--timeout", type=int, default=20, help="seconds before a case counts as a hang")
    parser.add_argument("--out", type=Path, default=Path("fuzz-failures"))
    args = parser.parse_args()
    signal.signal(signal.SIGALRM, _alarm)
    failures = 0
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        for n, seed in enumerate(range(args.start, args.start + args.cases), start=1):
            files = project(seed)
            folder = Path(tmp) / f"case-{seed}"
            folder.mkdir()
            path = write_project(folder, files)
            text = files["note.md"]
            problem = None
            signal.alarm(args.timeout)
            try:
                stage = "lint"
                result = api.lint([path])
                if args.check_every and seed % args.check_every == 0:
                    stage = "check"
                    result = api.check([path])
                internal = [f for f in result.all_findings() if f.code == "AV099"]
                if internal:
                    problem = f"{stage}: internal error: {internal[0].message}"
            except _Hang:
                problem = f"{stage}: no answer within {args.timeout} s"
            except BaseException:  # noqa: BLE001 - every escape is a failure to record
                problem = f"{stage}: {traceback.format_exc()}"
            finally:
                signal.alarm(0)
            if problem is not None:
                failures += 1
                args.out.mkdir(parents=True, exist_ok=True)
                (args.out / f"case-{seed}.md").write_text(text, encoding="utf-8", errors="surrogatepass")
                (args.out / f"case-{seed}.txt").write_text(problem, encoding="utf-8")
                print(f"seed {seed}: {problem.splitlines()[0]}", flush=True)
            shutil.rmtree(folder)
            if n % 5000 == 0:
                rate = n / (time.perf_counter() - started)
                print(f"{n:,} cases, {failures} failures, {rate:,.0f} cases/s", flush=True)
    elapsed = time.perf_counter() - started
    print(f"{args.cases:,} cases in {elapsed:,.0f} s ({args.cases / elapsed:,.0f} cases/s): {failures} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
