"""How many times a check's formulas are parsed in one run of ``check`` (issue 22, item 5).

Run from the repository root::

    python benchmarks/formula_parses.py [PATH ...]      # default: corpus/

Every LaTeX value of every check's spec (``holds:``, ``given:``, ``let:``, counts, …) is a
formula. The script counts, over one cold ``check`` of the notes (one process, no cache), how
often the math parser is asked for each formula's text (requests) and how often it really parses
it (the parser keeps a cache, so a request is not always a parse). It prints the number of
formulas, the requests and parses per formula (median and maximum) and the places that ask.
"""

from __future__ import annotations

import argparse
import collections
import statistics
import sys
import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from algoverify.math import mathexpr  # noqa: E402

REQUESTS: collections.Counter[str] = collections.Counter()
PARSES: collections.Counter[str] = collections.Counter()
CALLERS: dict[str, collections.Counter[str]] = collections.defaultdict(collections.Counter)

_cached = mathexpr.parse_math
_uncached = mathexpr._parse_math


def _where() -> str:
    """The first frame outside the math package that asked (``module:function``)."""
    for frame in reversed(traceback.extract_stack()[:-2]):
        if "/math/" not in frame.filename and "formula_parses" not in frame.filename:
            return f"{Path(frame.filename).stem}:{frame.name}"
    return "?"


def counting(latex: str, base: int = 0):
    REQUESTS[latex] += 1
    if latex in FORMULAS:
        CALLERS[latex][_where()] += 1
    return _cached(latex, base)


def parsing(latex: str, base: int):
    PARSES[latex] += 1
    return _uncached(latex, base)


# patched before the rest of the package is imported: `from ..mathexpr import parse_math` binds it
mathexpr.parse_math = counting
mathexpr._parse_math = parsing
FORMULAS: set[str] = set()

from algoverify import api  # noqa: E402
from algoverify.checking.specification.plan import latex_values  # noqa: E402
from algoverify.checking.specification.spec import read_spec  # noqa: E402
from algoverify.reading.notes import read_note  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="*", default=[str(ROOT / "corpus")])
    args = parser.parse_args()
    notes = sorted(p for a in args.paths for p in (Path(a).rglob("*.md") if Path(a).is_dir() else [Path(a)]))
    for path in notes:
        for check in read_spec(read_note(path)).checks:
            FORMULAS.update(latex for _, latex in latex_values(check))
    REQUESTS.clear()
    PARSES.clear()
    CALLERS.clear()
    _cached.cache_clear()
    api.check(notes, isolate=False, jobs=1, cache=False, seed=0)
    asked = [REQUESTS[f] for f in FORMULAS]
    parsed = [PARSES[f] for f in FORMULAS]
    print(f"{len(FORMULAS)} distinct check formulas in {len(notes)} notes")
    print(f"requests per formula: median {statistics.median(asked)}, max {max(asked)}, total {sum(asked)}")
    print(f"parses per formula:   median {statistics.median(parsed)}, max {max(parsed)}, total {sum(parsed)}")
    places: collections.Counter[str] = collections.Counter()
    calls: collections.Counter[str] = collections.Counter()
    for callers in CALLERS.values():
        places.update(callers.keys())
        calls.update(callers)
    print("places that ask for a check formula: formulas asked, requests")
    for place, n in places.most_common():
        print(f"  {place:<48} {n:>4} {calls[place]:>6}")


if __name__ == "__main__":
    main()
