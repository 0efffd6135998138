"""Trials: algoverify's own engine against Hypothesis, on planted failures (issue 10, item 6).

Run from the repository root::

    python benchmarks/trials_vs_hypothesis.py [--seeds 30] [--quick] [--out FILE.json]

Every case plants a failure of known rarity and kind in a claim function (a Python function
returning 1 when the claim holds, 0 when it fails) and runs four engines on it, seed by seed,
in turn, with the same claim function and the same input class:

* ``algoverify``: the home-made engine, end to end. Each case is a note written to a temporary
  folder with one ``kind: property`` check (``draw:`` the inputs, ``holds:
  '\\operatorname{claim}(…) = 1'``, the claim being one of the module's ``FUNCTIONS``), run with
  ``algoverify.api.check([note], isolate=False, seed=s)`` and its default count (100 trials cut
  at 2 s). The counterexample is ``Outcome.details["values"]``.
* ``hyp-native``: ``hypothesis.find`` over strategies written for the class
  (``st.floats``, ``st.integers``, ``hypothesis.extra.numpy.arrays``), with
  ``max_examples=100, database=None, derandomize=False, deadline=None``, seeded by ``random``.
  The explain phase is left out: its output is for test reports, which algoverify writes itself.
  The class is the generator's (``generators.CLASSES``), the distribution Hypothesis's own: for
  ``randn`` that is every finite float, most of them far from the unit scale ``randn`` draws.
* ``hyp-seeded``: the same ``find``, with algoverify's own generators wrapped as strategies —
  each input drawn by ``parse_value`` (the engine's own draw) from a NumPy generator seeded by an
  ``st.integers`` seed, as algoverify would have to integrate Hypothesis without rewriting its
  generators. The shrinker sees only the seeds.
* ``hyp-hybrid``: as ``hyp-seeded``, but ``integers(…)`` calls — sizes among them — drawn by
  ``st.integers`` (``hnp.arrays`` of them for ``integers(a, b, n)``), the one generator that is a
  Hypothesis strategy as it stands: the cheapest integration that lets the shrinker shrink sizes.

Per case and engine, over the seeds: the share of seeds that found the failure within 100
examples; the median and p90 wall time to the verdict (shrinking included); the median number of
claim calls, and of those that failed (each one a loop to the step limit in the "dear" cases,
which show how each engine's time grows with the cost of a failing run); and, for the shrunk
counterexample, its array elements (and the minimal failing example's), its significant digits
(the most over its numbers), its gap to the minimal failing example known analytically (in the
case's own measure, 0 at the minimum), and whether it is inside the input class. Times are also
given as ratios to the home-made engine: the median of the per-seed ratios, each engine run
right after the other on the same seed.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import re
import sys
import tempfile
import time
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
# the notes' module imports the claim functions from this file: the same objects, whichever way it runs
sys.modules.setdefault("trials_vs_hypothesis", sys.modules[__name__])

import numpy as np  # noqa: E402
from hypothesis import HealthCheck, Phase, find, settings  # noqa: E402
from hypothesis import __version__ as hypothesis_version  # noqa: E402
from hypothesis import strategies as st  # noqa: E402
from hypothesis.errors import NoSuchExample  # noqa: E402
from hypothesis.extra import numpy as hnp  # noqa: E402

import algoverify  # noqa: E402
from algoverify import api  # noqa: E402
from algoverify.running.values import parse_value  # noqa: E402

# --- the claims: the same functions for every engine ----------------------------------------------

#: claim calls since the counter was reset, and how many of them failed (a run's cost, shrinking included)
CALLS = [0, 0]
#: iterations a "dear" claim loops before it gives up, as a listing that never stops runs to its step limit
STEP_LIMIT = [10**6]


def _verdict(holds: bool) -> float:
    CALLS[0] += 1
    CALLS[1] += not holds
    return 1.0 if holds else 0.0


def small(x: float) -> float:
    return _verdict(not x > 0.97)


def inrange(x: float) -> float:
    return _verdict(not abs(x) > 3)


def capped(v: np.ndarray) -> float:
    return _verdict(not float(np.max(v)) > 2.5)


def distinct(v: np.ndarray) -> float:
    return _verdict(len(set(np.asarray(v).tolist())) == len(v))


def wellcond(A: np.ndarray) -> float:
    return _verdict(not float(np.linalg.cond(A)) > 50)


def nonzero(x: Any) -> float:
    return _verdict(x != 0)


def stops(x: float) -> float:
    # a listing that loops forever when x > 0.9, run until its step limit: a failing trial is dear
    steps = 0
    while x > 0.9 and steps < STEP_LIMIT[0]:
        steps += 1
    return _verdict(steps < STEP_LIMIT[0])


def settles(v: np.ndarray) -> float:
    # the same, for a vector: the loop never stops when an entry exceeds 2.5
    steps, top = 0, float(np.max(v))
    while top > 2.5 and steps < STEP_LIMIT[0]:
        steps += 1
    return _verdict(steps < STEP_LIMIT[0])


FUNCTIONS = {f.__name__: f for f in (small, inrange, capped, distinct, wellcond, nonzero, stops, settles)}

# --- the input classes, as the benchmark judges them ----------------------------------------------


def _finite(*values: Any) -> bool:
    return all(np.all(np.isfinite(np.asarray(v, dtype=float))) for v in values)


def _scalar_in(low: float, high: float, open_high: bool = True) -> Callable[[dict], bool]:
    def inside(d: dict) -> bool:
        x = d["x"]
        return np.ndim(x) == 0 and _finite(x) and low <= x and (x < high if open_high else x <= high)

    return inside


def _vector_in(lo_n: int, hi_n: int, integer: bool = False, lo: float = -np.inf, hi: float = np.inf) -> Callable:
    def inside(d: dict) -> bool:
        v = np.asarray(d["v"])
        kind_ok = v.dtype.kind in "iu" if integer else v.dtype.kind == "f"
        return v.ndim == 1 and lo_n <= len(v) <= hi_n and kind_ok and _finite(v) and bool(np.all((lo <= v) & (v <= hi)))

    return inside


def _spd_in(d: dict) -> bool:
    # symmetric to rounding: the spd generator's (q * eig) @ q.T is not exactly symmetric
    A = np.asarray(d["A"], dtype=float)
    if A.ndim != 2 or A.shape[0] != A.shape[1] or not 1 <= len(A) <= 6 or not _finite(A):
        return False
    return bool(np.allclose(A, A.T, rtol=0, atol=1e-12 * max(1.0, np.abs(A).max()))) and bool(
        np.all(np.linalg.eigvalsh((A + A.T) / 2) > 0)
    )


def _int_in(low: int, high: int) -> Callable[[dict], bool]:
    def inside(d: dict) -> bool:
        x = d["x"]
        return isinstance(x, (int, np.integer)) and low <= x <= high

    return inside


# --- Hypothesis strategies written for each class -------------------------------------------------

FINITE = st.floats(allow_nan=False, allow_infinity=False)
UNIT = st.floats(0, 1, exclude_max=True)


@st.composite
def _spd_native(draw: Any) -> dict:
    n = draw(st.integers(1, 6))
    eig = draw(hnp.arrays(np.float64, n, elements=st.floats(0.1, 10, exclude_max=True)))
    q, _ = np.linalg.qr(draw(hnp.arrays(np.float64, (n, n), elements=st.floats(-10, 10))))
    return {"A": (q * eig) @ q.T}  # the spd generator's own construction


#: ``integers(a, b)`` and ``integers(a, b, n)``: the one generator that is a Hypothesis strategy as it stands
_INTEGERS = re.compile(r"^integers\((-?\d+), (-?\d+)(?:, (\w+))?\)$")


def _seeded(spec: dict[str, str], integers: bool = False) -> Any:
    """algoverify's generators as one strategy: each input drawn by the engine's own code from a seed.

    With ``integers``, ``integers(…)`` calls (sizes among them) are drawn by ``st.integers``
    instead, so the shrinker can make sizes and integer values smaller; the rest still come
    from seeds.
    """

    @st.composite
    def draw(data: Any) -> dict:
        values: dict[str, Any] = {}
        for name, text in spec.items():
            m = _INTEGERS.match(text) if integers else None
            if m is None:
                values[name] = parse_value(text, np.random.default_rng(data(st.integers(0, 2**32 - 1))), values)
                continue
            ints = st.integers(int(m[1]), int(m[2]))
            shape = m[3] and int(values[m[3]])
            values[name] = data(ints) if shape is None else data(hnp.arrays(np.int64, shape, elements=ints))
        return values

    return draw()


# --- the cases ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Case:
    name: str
    what: str  # the planted failure and its rarity under the spec's distribution
    draw: dict[str, str]  # the check's draw:, algoverify's generator calls
    claim: str
    args: tuple[str, ...]
    native: Any  # a strategy of dicts holding ``args``
    inside: Callable[[dict], bool]
    minimal: str  # the minimal failing example, known analytically
    min_elements: int
    gap: Callable[[dict], float]  # distance to it in the case's own measure (0 at the minimum)


# fmt: off
# one case per row: name, planted failure, draw:, claim, its arguments, the native strategy, the class,
# the minimal failing example, its elements, the gap to it
CASES = [
    Case(
        "uniform>0.97", "x > 0.97 on uniform(0, 1): 1 in 33",
        {"x": "uniform(0, 1)"}, "small", ("x",),
        UNIT.map(lambda x: {"x": x}), _scalar_in(0, 1), "x ↓ 0.97", 1,
        lambda d: d["x"] - 0.97,
    ),
    Case(
        "randn|x|>3", "|x| > 3 on randn(): 1 in 370",
        {"x": "randn()"}, "inrange", ("x",),
        FINITE.map(lambda x: {"x": x}), _scalar_in(-np.inf, np.inf), "|x| ↓ 3", 1,
        lambda d: abs(d["x"]) - 3,
    ),
    Case(
        "max(randn(n))>2.5", "max v > 2.5 on randn(n), n in 1..8: 1 in 36",
        {"n": "integers(1, 8)", "v": "randn(n)"}, "capped", ("v",),
        hnp.arrays(np.float64, st.integers(1, 8), elements=FINITE).map(lambda v: {"v": v}),
        _vector_in(1, 8), "n = 1, v = [2.5+]", 1,
        lambda d: float(np.max(d["v"])) - 2.5,
    ),
    Case(
        "birthday", "two equal entries of integers(0, 999, n), n in 1..30: 1 in 7.5",
        {"n": "integers(1, 30)", "v": "integers(0, 999, n)"}, "distinct", ("v",),
        hnp.arrays(np.int64, st.integers(1, 30), elements=st.integers(0, 999)).map(lambda v: {"v": v}),
        _vector_in(1, 30, integer=True, lo=0, hi=999), "v = [0, 0]", 2,
        lambda d: float(np.max(d["v"])),
    ),
    Case(
        "spd cond>50", "cond(A) > 50 on spd(n), n in 1..6: 1 in 54",
        {"n": "integers(1, 6)", "A": "spd(n)"}, "wellcond", ("A",),
        _spd_native(), _spd_in, "n = 2, cond ↓ 50", 4,
        lambda d: float(np.linalg.cond(d["A"])) / 50 - 1,
    ),
    Case(
        "int==0", "x == 0 on integers(-5, 5): 1 in 11",
        {"x": "integers(-5, 5)"}, "nonzero", ("x",),
        st.integers(-5, 5).map(lambda x: {"x": x}), _int_in(-5, 5), "x = 0", 1,
        lambda d: abs(d["x"]),
    ),
    Case(
        "int==0 wide", "x == 0 on integers(-1000, 1000): 1 in 2001",
        {"x": "integers(-1000, 1000)"}, "nonzero", ("x",),
        st.integers(-1000, 1000).map(lambda x: {"x": x}), _int_in(-1000, 1000), "x = 0", 1,
        lambda d: abs(d["x"]),
    ),
    Case(
        "uniform==0", "x == 0.0 on uniform(0, 1), the class's edge (1/x, log x): 1 in 2^53",
        {"x": "uniform(0, 1)"}, "nonzero", ("x",),
        UNIT.map(lambda x: {"x": x}), _scalar_in(0, 1), "x = 0", 1,
        lambda d: d["x"],
    ),
    Case(
        "dear scalar", "x > 0.9 on uniform(0, 1), each failing call a loop to the step limit: 1 in 10",
        {"x": "uniform(0, 1)"}, "stops", ("x",),
        UNIT.map(lambda x: {"x": x}), _scalar_in(0, 1), "x ↓ 0.9", 1,
        lambda d: d["x"] - 0.9,
    ),
    Case(
        "dear vector", "max v > 2.5 on randn(n), n in 1..8, each failing call a loop to the step limit: 1 in 36",
        {"n": "integers(1, 8)", "v": "randn(n)"}, "settles", ("v",),
        hnp.arrays(np.float64, st.integers(1, 8), elements=FINITE).map(lambda v: {"v": v}),
        _vector_in(1, 8), "n = 1, v = [2.5+]", 1,
        lambda d: float(np.max(d["v"])) - 2.5,
    ),
]
# fmt: on

ENGINES = ("algoverify", "hyp-native", "hyp-seeded", "hyp-hybrid")

# --- running the engines --------------------------------------------------------------------------


@dataclass
class Run:
    found: bool
    seconds: float
    calls: int
    failing: int  # claim calls that failed: each a loop to the step limit in the dear cases
    example: dict[str, Any] | None = None
    to_failure: int | None = None  # examples tried up to the first failure
    note: str = ""  # what the engine said besides (a cut count, a status)


NOTE = """---
title: "trials benchmark: {name}"
algoverify:
  module: claims.py
  checks:
    - id: planted
      kind: property
      draw: {{{draw}}}
      holds: '\\operatorname{{{claim}}}({args}) = 1'
---

Planted failure: {what}.
"""

MODULE = """import sys
sys.path.insert(0, {bench!r})
from trials_vs_hypothesis import FUNCTIONS  # noqa: E402,F401 - the benchmark's claims, the same objects
"""


def write_notes(folder: Path) -> dict[str, Path]:
    (folder / "claims.py").write_text(MODULE.format(bench=str(Path(__file__).resolve().parent)))
    paths = {}
    for i, case in enumerate(CASES):
        draw = ", ".join(f'{k}: "{v}"' for k, v in case.draw.items())
        path = folder / f"case{i}.md"
        text = NOTE.format(name=case.name, draw=draw, claim=case.claim, args=", ".join(case.args), what=case.what)
        path.write_text(text, encoding="utf-8")
        paths[case.name] = path
    return paths


def run_algoverify(case: Case, note: Path, seed: int) -> Run:
    CALLS[:] = [0, 0]
    t0 = time.perf_counter()
    result = api.check([note], isolate=False, seed=seed)
    seconds = time.perf_counter() - t0
    outcomes = result.notes[0].outcomes
    if len(outcomes) != 1 or outcomes[0].status not in ("verified", "refuted"):
        problems = "; ".join(f"{f.code} {f.message}" for f in result.notes[0].findings)
        raise SystemExit(f"{case.name}: the check did not run as planned: {problems or outcomes}")
    outcome = outcomes[0]
    if outcome.status == "verified":
        return Run(False, seconds, *CALLS, note=outcome.message)
    values = outcome.details["values"]
    return Run(True, seconds, *CALLS, {k: values[k] for k in case.args}, outcome.trials)


HYPOTHESIS = settings(
    max_examples=100,
    database=None,
    derandomize=False,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    phases=(Phase.explicit, Phase.reuse, Phase.generate, Phase.target, Phase.shrink),
)


def run_hypothesis(case: Case, strategy: Any, seed: int) -> Run:
    claim = FUNCTIONS[case.claim]
    first: list[int] = []

    def fails(d: dict) -> bool:
        failed = claim(*(d[k] for k in case.args)) != 1.0
        if failed and not first:
            first.append(CALLS[0])
        return failed

    CALLS[:] = [0, 0]
    t0 = time.perf_counter()
    try:
        example = find(strategy, fails, settings=HYPOTHESIS, random=random.Random(seed))
    except NoSuchExample:
        return Run(False, time.perf_counter() - t0, *CALLS)
    seconds = time.perf_counter() - t0
    return Run(True, seconds, *CALLS, {k: example[k] for k in case.args}, first[0] if first else None)


def runner(engine: str, case: Case, notes: dict[str, Path]) -> Callable[[int], Run]:
    if engine == "algoverify":
        return lambda s: run_algoverify(case, notes[case.name], s)
    if engine == "hyp-native":
        strategy = case.native
    else:
        strategy = _seeded(case.draw, integers=engine == "hyp-hybrid")
    return lambda s: run_hypothesis(case, strategy, s)


# --- measures of a counterexample -----------------------------------------------------------------


def elements(example: dict[str, Any]) -> int:
    return sum(int(np.size(v)) for v in example.values())


def digits(example: dict[str, Any]) -> int:
    """The most significant digits of any number in it, as ``repr`` prints it (``0.97`` → 2, ``3.0`` → 1)."""
    most = 0
    for value in example.values():
        for x in np.asarray(value).ravel().tolist():
            if isinstance(x, int):
                most = max(most, len(str(abs(x))))
            elif x == 0 or not np.isfinite(x):
                most = max(most, 1)
            else:
                most = max(most, len(Decimal(repr(abs(x))).normalize().as_tuple().digits))
    return most


# --- the table ------------------------------------------------------------------------------------


def _median(xs: list[float]) -> float | None:
    return float(np.median(xs)) if xs else None


def _p90(xs: list[float]) -> float | None:
    return float(np.percentile(xs, 90)) if xs else None


def summarise(case: Case, runs: dict[str, list[Run]]) -> list[dict[str, Any]]:
    rows = []
    base = runs["algoverify"]
    for engine in ENGINES:
        rs = runs[engine]
        hits = [r for r in rs if r.found]
        ratios = [r.seconds / b.seconds for r, b in zip(rs, base)]
        rows.append(
            {
                "case": case.name,
                "planted": case.what,
                "engine": engine,
                "seeds": len(rs),
                "found": len(hits) / len(rs),
                "median_s": _median([r.seconds for r in rs]),
                "p90_s": _p90([r.seconds for r in rs]),
                "time_ratio": _median(ratios),
                "median_calls": _median([r.calls for r in rs]),
                "median_failing_calls": _median([r.failing for r in hits]),
                "median_to_failure": _median([r.to_failure for r in hits if r.to_failure is not None]),
                "median_elements": _median([elements(r.example) for r in hits]),
                "min_elements": case.min_elements,
                "median_digits": _median([digits(r.example) for r in hits]),
                "median_gap": _median([case.gap(r.example) for r in hits]),
                "in_class": (sum(case.inside(r.example) for r in hits) / len(hits)) if hits else None,
                "minimal": case.minimal,
                "examples": [_plain(r.example) for r in hits[:3]],
            }
        )
    return rows


def _plain(example: dict[str, Any]) -> dict[str, Any]:
    return {k: np.asarray(v).tolist() for k, v in example.items()}


def _fmt(x: float | None, spec: str) -> str:
    return "-" if x is None else format(x, spec)


def print_table(rows: list[dict[str, Any]]) -> None:
    head = (
        f"{'case':<18} {'engine':<11} {'found':>6} {'med ms':>8} {'p90 ms':>8} {'×alg':>6} {'calls':>6} {'failing':>7} "
        f"{'1st fail':>8} {'elems':>7} {'digits':>6} {'gap':>9} {'in class':>8}"
    )
    print(head)
    print("-" * len(head))
    for row in rows:
        elems = f"{_fmt(row['median_elements'], '.0f')}/{row['min_elements']}"
        med, p90 = row["median_s"] * 1e3, row["p90_s"] * 1e3
        print(
            f"{row['case']:<18} {row['engine']:<11} {row['found']:>6.0%} {med:>8.1f} {p90:>8.1f} "
            f"{_fmt(row['time_ratio'], '.2f'):>6} "
            f"{_fmt(row['median_calls'], '.0f'):>6} {_fmt(row['median_failing_calls'], '.0f'):>7} "
            f"{_fmt(row['median_to_failure'], '.0f'):>8} {elems:>7} "
            f"{_fmt(row['median_digits'], '.0f'):>6} {_fmt(row['median_gap'], '.3g'):>9} "
            f"{_fmt(row['in_class'] if row['in_class'] is None else row['in_class'] * 100, '.0f'):>7}%"
        )
        if row["engine"] == ENGINES[-1]:
            print()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=30, help="seeds per case and engine (default 30)")
    parser.add_argument("--quick", action="store_true", help="5 seeds and a step limit of 10^5: well under a minute")
    parser.add_argument(
        "--step-limit", type=int, help="iterations of a dear failing call (default 10^6; 10^5 with --quick)"
    )
    parser.add_argument("--case", action="append", help="run only the cases whose name starts so (repeatable)")
    parser.add_argument("--out", type=Path, help="also write the table (and a few examples per row) as JSON")
    args = parser.parse_args(argv)
    seeds = 5 if args.quick else args.seeds
    if args.quick:
        STEP_LIMIT[0] = 10**5
    if args.step_limit:
        STEP_LIMIT[0] = args.step_limit
    cases = [c for c in CASES if not args.case or any(c.name.startswith(p) for p in args.case)]

    t0 = time.perf_counter()
    stops(0.95)
    dear = time.perf_counter() - t0  # one failing call of the dear cases
    started = time.perf_counter()
    rows: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory(prefix="trials-bench-") as tmp:
        notes = write_notes(Path(tmp))
        for case in cases:
            run = {engine: runner(engine, case, notes) for engine in ENGINES}
            for engine in ENGINES:  # warm-up: parsers, imports, first-call caches
                run[engine](10_000)
            runs: dict[str, list[Run]] = {engine: [] for engine in ENGINES}
            for s in range(seeds):
                k = s % len(ENGINES)
                order = ENGINES[k:] + ENGINES[:k]  # no engine always first, nor always after the same one
                for engine in order:
                    runs[engine].append(run[engine](s))
            rows.extend(summarise(case, runs))
            print(f"  {case.name}: done at {time.perf_counter() - started:.0f} s", file=sys.stderr, flush=True)

    print(
        f"algoverify {algoverify.__version__}, hypothesis {hypothesis_version}, numpy {np.__version__}, "
        f"python {platform.python_version()}; {seeds} seeds per case and engine; step limit {STEP_LIMIT[0]:,} "
        f"(a failing call of the dear cases: {dear * 1e3:.0f} ms)"
    )
    print(
        "found: share of seeds that found the failure in 100 examples; ms: wall time to the verdict\n"
        "(shrinking included); ×alg: median of per-seed time ratios to algoverify; calls: claim calls\n"
        "(trials + shrinking); failing: those that failed (each dear in the dear cases); 1st fail: calls up\n"
        "to the first failure; elems: array elements of the shrunk example / of the minimal one; digits: most\n"
        "significant digits of its numbers; gap: distance to the minimal failing example (0 at it); in class:\n"
        "share of shrunk examples inside the input class\n"
    )
    print_table(rows)
    print(f"total {time.perf_counter() - started:.0f} s")
    if args.out is not None:
        meta = {
            "algoverify": algoverify.__version__,
            "hypothesis": hypothesis_version,
            "numpy": np.__version__,
            "python": platform.python_version(),
            "seeds": seeds,
            "step_limit": STEP_LIMIT[0],
            "dear_call_s": dear,
            "command": " ".join(["python", "benchmarks/trials_vs_hypothesis.py", *(argv or sys.argv[1:])]),
        }
        args.out.write_text(json.dumps({"meta": meta, "rows": rows}, indent=1, default=float) + "\n")
        print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
