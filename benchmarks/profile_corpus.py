"""Where a cold check of the corpus spends its time (issue 23): a sampling profile by activity.

Run from the repository root::

    python benchmarks/profile_corpus.py [PATH ...] [--interval 0.002]

The notes (default: ``corpus/``) are checked once in this process, cold (no cache, no worker
per note: ``--no-cache --jobs 1 --no-isolation``), while a second thread samples the main
thread's stack. Each sample is put in the first activity its stack shows, in this order:
proofs (split by whether the check's proof decided or gave up), snippets, compiling listings,
shrinking counterexamples, running listings, the rest of trials, parsing, other; an import is
counted as an import wherever it happens (sympy's, on the first proof). It prints the seconds and share of
each, the CPU time of the run, and the ten checks that cost most with their proof's status.
A worker per note costs what ``algoverify corpus/ --no-cache --jobs 1`` takes beyond this run.
Last, each check whose proof ended inconclusive, with the CPU seconds of the attempt against those
of the rest of its check (its trials): the issue's rule is that the first never exceeds the second.
sympy's import (about 0.4 s, once a process) is counted in neither column.
"""

from __future__ import annotations

import argparse
import collections
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from algoverify import api  # noqa: E402
from algoverify.checking.evidence import proof, refproof  # noqa: E402
from algoverify.checking.kinds import equation, runner  # noqa: E402

#: (activity, test of a frame's file and function), in the order a sample is assigned: an import
#: is an import wherever it happens (sympy's, on the first proof), and a listing's compiled code
#: running inside a trial is "running listings", not "compiling" (its closures live in running/)
ACTIVITIES = [
    ("imports", lambda f, n: "importlib" in f),
    ("proofs", lambda f, n: "/checking/evidence/" in f and Path(f).stem in PROOF_MODULES),
    ("snippets", lambda f, n: "/checking/sandboxing/" in f),
    ("compiling", lambda f, n: n in ("compile_program", "listing_parser", "scopes")),
    ("shrinking", lambda f, n: f.endswith("evidence/trials.py") and n in ("_shrunk", "shrink_spec", "simplify_values")),
    ("running listings", lambda f, n: f.endswith("running/listing.py") and n == "run"),
    ("trials", lambda f, n: f.endswith("evidence/trials.py") and n == "search"),
    (
        "parsing",
        lambda f, n: any(p in f for p in ("/syntax/", "/reading/", "/math/mathexpr", "/math/mathbuild", "/lark/")),
    ),
]
PROOF_MODULES = {"proof", "points", "refproof", "symexec", "pysym", "pysymlib", "lowering"}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="*", default=[str(ROOT / "corpus")])
    parser.add_argument("--interval", type=float, default=0.002, help="seconds between samples")
    parser.add_argument(
        "--proof-cache",
        action="store_true",
        help="keep the project's proof cache (only the note cache is off): what a run with it full spends",
    )
    args = parser.parse_args()

    current: list[str] = ["(reading)"]
    run_check = runner.run_check
    #: check → CPU seconds of the whole check, and of its proof (sympy's attempt, or its cache look-up)
    check_cpu: dict[str, float] = {}
    proof_cpu: collections.Counter[str] = collections.Counter()
    statuses: dict[str, str] = {}

    def tracked(check, ctx):  # noqa: ANN001, ANN202
        current[0] = f"{Path(ctx.path).stem}:{check.id}"
        started = time.process_time()
        try:
            return run_check(check, ctx)
        finally:
            check_cpu[current[0]] = time.process_time() - started
            current[0] = "(between checks)"

    first = [""]  # the check whose attempt imported sympy
    sympy_import = [0.0]  # paid once, by the first attempt of the process: not that attempt's own cost

    def timed_settle(settle):  # noqa: ANN001, ANN202
        def settled(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202
            if "sympy" not in sys.modules:
                started = time.process_time()
                import sympy  # noqa: F401

                sympy_import[0] = time.process_time() - started
                first[0] = current[0]
            started = time.process_time()
            found = settle(*args, **kwargs)
            proof_cpu[current[0]] += time.process_time() - started
            statuses[current[0]] = found.status
            return found

        return settled

    runner.run_check = tracked
    for module in (proof, refproof, equation):
        module.settle = timed_settle(module.settle)
    samples: list[tuple[str, str]] = []
    done = threading.Event()
    main_id = threading.main_thread().ident
    sys.setswitchinterval(args.interval / 2)

    def sample() -> None:
        while not done.wait(args.interval):
            frame = sys._current_frames().get(main_id)
            stack = []
            while frame is not None:
                stack.append((frame.f_code.co_filename, frame.f_code.co_name))
                frame = frame.f_back
            activity = next((name for name, test in ACTIVITIES if any(test(f, n) for f, n in stack)), "other")
            samples.append((activity, current[0]))

    sampler = threading.Thread(target=sample, daemon=True)
    cpu, wall = time.process_time(), time.perf_counter()
    sampler.start()
    try:
        result = api.check(args.paths, isolate=False, jobs=1, cache=False, proof_cache=args.proof_cache)
    finally:
        done.set()
        sampler.join()
        runner.run_check = run_check
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall

    decided = {
        f"{Path(n.path).stem}:{o.check.id}"
        for n in result.notes
        for o in n.outcomes
        if o.check is not None
        and ("proved for" in o.message or "sympy.s counterexample" in o.message.replace("'", "."))
    }
    per = wall / max(len(samples), 1)
    by_activity: collections.Counter[str] = collections.Counter()
    by_check: collections.Counter[str] = collections.Counter()
    for activity, check in samples:
        if activity == "proofs":
            activity = "proofs decided" if check in decided else "proofs inconclusive"
        by_activity[activity] += 1
        by_check[check] += 1
    checks = sum(len(n.outcomes) for n in result.notes)
    print(f"{len(result.notes)} notes, {checks} checks: {wall:.2f} s wall, {cpu:.2f} s CPU, {len(samples)} samples")
    print(f"{'activity':<22}{'seconds':>9}{'share':>8}")
    for activity, n in by_activity.most_common():
        print(f"{activity:<22}{n * per:>9.2f}{n / len(samples):>8.0%}")
    print("costliest checks:")
    for check, n in by_check.most_common(10):
        status = "proof decided" if check in decided else ""
        print(f"  {check:<52}{n * per:>7.2f} s  {status}")
    # the rule: an inconclusive attempt must not cost more than the trials beside it
    undecided = [c for c, s in statuses.items() if s == "inconclusive" and proof_cpu[c] >= 0.01]
    undecided.sort(key=proof_cpu.__getitem__, reverse=True)
    if undecided:
        print("inconclusive proofs (CPU s) against the rest of their check:")
        # the import of sympy is the process's, paid by whichever attempt comes first: neither column's
        rests = {
            c: check_cpu.get(c, 0.0) - proof_cpu[c] - (sympy_import[0] if c == first[0] else 0.0) for c in undecided
        }
        for check in undecided:
            dearer = "  proof dearer" if proof_cpu[check] > rests[check] else ""
            print(f"  {check:<52}{proof_cpu[check]:>7.2f} {rests[check]:>7.2f}{dearer}")
        print(f"  {'all of them':<52}{sum(proof_cpu[c] for c in undecided):>7.2f} {sum(rests.values()):>7.2f}")
        print(f"  (sympy's import, {sympy_import[0]:.2f} s, paid by the first attempt of the run, is in neither)")


if __name__ == "__main__":
    main()
