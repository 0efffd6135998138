"""Differential run: random Python functions, printed by latexify-py, run by algoverify and by Python.

Usage::

    python benchmarks/latexify_differential.py [--functions 10000] [--inputs 4] [--seed 0] [--out DIR]

Each function is drawn from the grammar of ``tests/pyprograms.py`` (the same one the test suite
drives with hypothesis), printed with ``latexify.get_latex(fn, style=ALGORITHMIC)``, compiled
with ``algoverify.compile`` and run on ``--inputs`` random argument sets beside the Python
function as its print reads (``pyjudge.as_printed``). A run *agrees* when both give the
same value of the same kind (floats bit for bit, or within 1e-12 where latexify's
juxtaposition regroups a product); *both stop* when Python raises and algoverify reports a
located finding that says the same (a division by zero, a TypeError, an unbound name);
*could not run* when Python gives a value and algoverify reports a located finding instead
(counted by cause); and *disagrees* otherwise: another value, a value where Python raises, a
finding with no position or for another reason than Python's error, a traceback. Every
disagreement is printed (and saved under ``--out``); the exit status is 1 when there is one.
"""

from __future__ import annotations

import argparse
import collections
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

import pyjudge as J  # noqa: E402
import pyprograms as P  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--functions", type=int, default=10_000)
    parser.add_argument("--inputs", type=int, default=4, help="argument sets per function")
    parser.add_argument("--seed", type=int, default=0, help="first seed; function k uses seed + k")
    parser.add_argument("--out", type=Path, default=None, help="save each disagreement here")
    parser.add_argument("--show", type=int, default=50, help="disagreements printed in full")
    args = parser.parse_args()

    runs: collections.Counter[str] = collections.Counter()
    causes: collections.Counter[str] = collections.Counter()
    stops: collections.Counter[str] = collections.Counter()
    rounded = 0
    functions: collections.Counter[str] = collections.Counter()
    disagreements: list[str] = []
    changed = 0
    started = time.perf_counter()
    for k in range(args.functions):
        seed = args.seed + k
        ch = P.Chooser.from_random(random.Random(seed))
        prog = P.program(ch)
        namespace = P.load(prog.source)
        latex = P.render(namespace, [f.name for f in prog.functions])
        printed = J.as_printed(prog.source)
        fn = (P.load(printed) if printed != prog.source else namespace)[prog.entry.name]
        source_fn = namespace[prog.entry.name]
        outcomes = []
        try:
            listing = J.compile_listing(latex)
            listing.inputs  # noqa: B018 - compiles the listing now, so a compile error is seen here
        except Exception as exc:  # noqa: BLE001 - judged per run below, as a listing that stops
            listing = _Refused(exc)
        for _ in range(args.inputs):
            inputs = P.inputs(ch, prog)
            if fn is not source_fn and _printed_changes(source_fn, fn, inputs):
                changed += 1
            outcome = J.judge(listing, fn, inputs)
            if outcome.kind == "both stop" and not J.expected(outcome):
                # both stop, but for different reasons: a bug hidden behind Python's error
                outcome = J.Outcome("disagree", f"stops for another reason: {outcome.detail}")
            outcomes.append(outcome)
            runs[outcome.kind] += 1
            if outcome.kind == "finding":
                causes[outcome.cause] += 1
            elif outcome.kind == "both stop":
                stops[outcome.cause] += 1
            elif outcome.detail == "within rounding":
                rounded += 1
            if outcome.kind == "disagree":
                report = f"seed {seed}: {outcome.detail}\n--- python\n{prog.source}--- latex\n{latex}\n"
                disagreements.append(report)
                if args.out is not None:
                    args.out.mkdir(parents=True, exist_ok=True)
                    (args.out / f"seed-{seed}.txt").write_text(report, encoding="utf-8")
        kinds = {o.kind for o in outcomes}
        functions["disagree" if "disagree" in kinds else "finding" if "finding" in kinds else "agree"] += 1
        if (k + 1) % 1000 == 0:
            rate = (k + 1) / (time.perf_counter() - started)
            print(f"... {k + 1} functions, {rate:.0f}/s, {runs['disagree']} disagreements", file=sys.stderr)

    total = sum(runs.values())
    seconds = time.perf_counter() - started
    judged = total - runs["skip"]
    agreeing = runs["agree"] + runs["both stop"]
    print(f"{args.functions} functions, {total} runs in {seconds:.0f} s (seed {args.seed}, {args.inputs} inputs each)")
    print(f"  agree (same value, same kind)      {runs['agree']:7d}  ({rounded} of them within 1e-12, not bit for bit)")
    print(f"  both stop (Python raises, finding) {runs['both stop']:7d}")
    print(f"  could not run (a located finding)  {runs['finding']:7d}")
    print(f"  disagree                           {runs['disagree']:7d}")
    print(f"  skipped (the Python run too large) {runs['skip']:7d}")
    if judged:
        print(f"agreement: {agreeing / judged:.2%} of {judged} judged runs; disagreements {runs['disagree']}")
    print(
        f"functions: {functions['agree']} all runs agree, {functions['finding']} with a could-not-run, "
        f"{functions['disagree']} with a disagreement"
    )
    print(
        f"latexify printed another value than its Python source in {changed} runs "
        "(parentheses dropped, juxtaposition): judged against what the listing says"
    )
    if stops:
        print("both stop, by Python's exception and algoverify's finding:")
        for cause, n in stops.most_common():
            print(f"  {n:6d}  {cause}")
    if causes:
        print("could not run, by cause:")
        for cause, n in causes.most_common():
            print(f"  {n:6d}  {cause}")
    for report in disagreements[: args.show]:
        print("\nDISAGREEMENT " + report)
    return 1 if disagreements else 0


def _printed_changes(source_fn: object, printed_fn: object, inputs: dict) -> bool:
    """Whether the program as written and as its listing reads give different results on ``inputs``."""
    a, b = J.run_python(source_fn, inputs), J.run_python(printed_fn, inputs)
    if a[0] != b[0]:
        return True
    return a[0] == "value" and not J.same(a[1], b[1], J.FLOAT_RTOL)


class _Refused:
    """A listing algoverify could not compile: every call raises the same error again."""

    def __init__(self, exc: Exception) -> None:
        self.exc = exc

    def __call__(self, **_: object) -> object:
        raise self.exc


if __name__ == "__main__":
    raise SystemExit(main())
