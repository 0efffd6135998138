"""How much of real papers' pseudocode algoverify reads: structure, lint and math rates over a folder.

Usage::

    python benchmarks/wild_rates.py FOLDER [--show N]

Every ``.tex`` file under FOLDER is read as a note; each ``algorithm``/``algorithmic`` block in
it counts once. Printed:

* blocks whose structure parses to the IR (no AV1xx error);
* blocks that lint without an error (warnings and notes allowed: they never fail a hook);
* math segments (every ``\\( \\)``/``$ $`` of the parsed listings, captions included) that
  parse with the math grammar, the note's own macros expanded;
* the time per block.

``--show N`` lists up to N failures of each kind with their location, to study them. The
sample itself is not part of the project: collect real listings in a git-ignored folder.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from algoverify import api  # noqa: E402
from algoverify.findings import LocatedError, Severity  # noqa: E402
from algoverify.math.mathexpr import parse_math  # noqa: E402
from algoverify.reading.macros import MacroError, expand  # noqa: E402
from algoverify.syntax import ir  # noqa: E402


def _segments(alg: ir.Algorithm) -> list[ir.Math]:
    found = [n for n in ir.walk(alg) if isinstance(n, ir.Math)]
    if alg.caption is not None:
        found += [m for m in alg.caption.math if m not in found]
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--show", type=int, default=0, help="list up to N failures of each kind")
    args = parser.parse_args()
    files = sorted(args.folder.rglob("*.tex"))
    if not files:
        print(f"no .tex files under {args.folder}", file=sys.stderr)
        return 2
    blocks = structure_ok = lint_ok = 0
    math_total = math_ok = 0
    times: list[float] = []
    failures: dict[str, list[str]] = {"structure": [], "lint": [], "math": []}
    codes: Counter[str] = Counter()
    for file in files:
        started = time.perf_counter()
        result = api.lint([file])
        elapsed = time.perf_counter() - started
        for note in result.notes:
            listings = note.listings()
            if not listings:
                continue
            times.extend([elapsed / len(listings)] * len(listings))
            source = note.note.source if note.note else None
            for block in listings:
                blocks += 1
                where = f"{file}:{source.line_col(block.block.span.start)[0] if source else '?'}"
                errors = [f for f in block.findings if f.severity is Severity.ERROR]
                codes.update(f.code for f in errors)
                if block.ir is not None:
                    structure_ok += 1
                else:
                    failures["structure"].append(f"{where}: {errors[0].code} {errors[0].message}" if errors else where)
                if not errors:
                    lint_ok += 1
                else:
                    failures["lint"].append(f"{where}: {errors[0].code} {errors[0].message}")
                if block.ir is None:
                    continue
                for m in _segments(block.ir):
                    math_total += 1
                    try:
                        parse_math(expand(m.latex, m.span.start, note.macros).text, m.span.start)
                        math_ok += 1
                    except (LocatedError, MacroError) as exc:
                        line = source.line_col(m.span.start)[0] if source else "?"
                        failures["math"].append(f"{file}:{line}: {exc}  in  {m.latex[:80]!r}")

    def rate(ok: int, total: int) -> str:
        return f"{ok}/{total} = {100 * ok / total:.1f} %" if total else "n/a"

    print(f"{len(files)} files, {blocks} algorithm blocks")
    print(f"structure parses to the IR: {rate(structure_ok, blocks)}")
    print(f"lint without errors:        {rate(lint_ok, blocks)}")
    print(f"math segments parsed:       {rate(math_ok, math_total)}")
    if times:
        print(f"time per block: median {1000 * statistics.median(times):.1f} ms (lint of the file / its blocks)")
    if codes:
        print("errors by code: " + ", ".join(f"{c} ×{n}" for c, n in codes.most_common()))
    for kind, items in failures.items():
        for item in items[: args.show]:
            print(f"[{kind}] {item}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
