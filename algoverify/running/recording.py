"""What the runs of one check did, for a report that shows it: the statements they reached and one run's series.

In: the runs of a listing made while a :class:`Recorder` is active (:func:`recorded`). Out:
:meth:`Recorder.summary`, JSON data small whatever the runs did: every statement start of the
listings run and its hits over all the runs, and of one run (the counterexample's when a
check pins it, else the run with the most loop passes) the listing's scalars pass by pass,
at most :data:`MAX_POINTS` points of :data:`MAX_SERIES` series.

Recording is asked for (``algoverify check --format html``, ``algoverify run --plot``): a
recorder reads every variable at every pass of every loop, which no plain run pays for. A
run sees the recorder through a context variable, as it sees its budget: nothing between the
check and :meth:`~algoverify.running.listing.Listing.run` passes it along.
"""

from __future__ import annotations

import contextlib
import contextvars
import math
from typing import Any, Callable, Iterator

import numpy as np

from ..findings import LocatedError
from ..math import mathexpr as M
from ..math.builtin_names import BUILTIN_FUNCTIONS
from ..math.numeric import TRACE_KEY, compile_expr
from .runstate import TESTED_FIRST, passes_of

__all__ = ["MAX_POINTS", "MAX_SERIES", "Recorder", "Series", "recorded", "watching", "active", "pin", "test_sides"]

#: Points of a run's series kept: past it every other point is dropped and the rest sampled half as often.
MAX_POINTS = 120
#: Series of a run shown: the loop's test first (its two sides), then the scalars that changed
#: (floats, the arrays' norms when no test and no float is drawn, whole numbers).
MAX_SERIES = 8
#: Names a run's series follows at most (the ones first seen): a listing of hundreds of scalars is cut short.
_WATCHED = 32
#: Significant digits of a plotted value: a plot's resolution, not the run's.
_DIGITS = 6
#: Calls a test's side may make and still be evaluated at a pass: ours, never the listing's own
#: functions (a call would count its statements' hits a second time)
_PURE_CALLS = BUILTIN_FUNCTIONS

_ACTIVE: contextvars.ContextVar[Recorder | None] = contextvars.ContextVar("algoverify_recorder", default=None)


def active() -> Recorder | None:
    """The recorder of the runs being made now, if one was asked for."""
    return _ACTIVE.get()


@contextlib.contextmanager
def recorded(recorder: Recorder | None) -> Iterator[Recorder | None]:
    """Make ``recorder`` hear of every run of a listing inside the block (``None``: no recording)."""
    if recorder is None:
        yield None
        return
    token = _ACTIVE.set(recorder)
    try:
        yield recorder
    finally:
        _ACTIVE.reset(token)


class _Idle:
    """What :func:`watching` gives when nothing records: a ``with`` that does nothing, made once."""

    __slots__ = ()

    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: object) -> bool:
        return False


_IDLE = _Idle()


class _Watch:
    """Around one recorded run: the recorder hears of its passes and of its end."""

    __slots__ = ("recorder", "series", "trace")

    def __init__(self, recorder: Recorder, program: Any, trace: Any, on_pass: Callable[[Any, dict], None] | None):
        self.recorder, self.trace = recorder, trace
        self.series, trace.on_pass = recorder.start(program, on_pass)

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind: type | None, exc: BaseException | None, tb: object) -> bool:
        if kind is None:
            self.recorder.finish(self.series, self.trace, None)
        elif isinstance(exc, LocatedError):
            self.recorder.finish(self.series, self.trace, exc.rule.code)
        return False


def watching(program: Any, trace: Any, on_pass: Callable[[Any, dict], None] | None = None) -> _Idle | _Watch:
    """Around one run of ``program`` on ``trace``: the active recorder, if any, hears of its passes and its end.

    Every way a listing runs from outside another run goes through here (``Listing.run``, a
    ``Listing`` called, one of its functions called): a check that evaluates a listing function
    inside ``holds:`` records its runs as one that runs the listing does. With no recorder (every
    run but a report's) it is one shared object whose ``with`` costs two calls: a generator's
    context manager was 4 % of a small listing's call.
    """
    recorder = _ACTIVE.get()
    if recorder is None:
        return _IDLE
    return _Watch(recorder, program, trace, on_pass)


def pin() -> None:
    """The last run is the one to show (a counterexample's): called by the trials when a claim fails."""
    recorder = _ACTIVE.get()
    if recorder is not None and recorder.last is not None and recorder.last.passes:
        recorder.pinned = recorder.last


def test_sides(tree: Any) -> tuple[Any, Any] | None:
    """The two sides of a loop's test written as one relation (``\\lVert r \\rVert > \\tau``), else ``None``.

    A side that calls anything but a built-in function is left out: evaluating it again at each
    pass would run the listing's own functions twice.
    """
    if not isinstance(tree, M.Rel) or len(tree.rest) != 1:
        return None
    sides = (tree.first, tree.rest[0][1])
    for node in (n for side in sides for n in M.walk(side)):
        if isinstance(node, (M.Apply, M.SubCall, M.Grad, M.Deriv)):
            return None
        if isinstance(node, M.Call) and node.func not in _PURE_CALLS:
            return None
    return sides


def _number(value: Any) -> float | None:
    """A real scalar as a float rounded for a plot (``None``: not one, or not finite)."""
    kind = type(value)
    if value is None or kind is bool or kind is np.bool_:
        return None
    if kind in (float, int) or isinstance(value, (np.floating, np.integer)):
        try:
            number = float(value)
        except (OverflowError, ValueError):
            return None
    elif isinstance(value, np.ndarray) and value.ndim == 0 and value.dtype.kind in "iuf":
        number = float(value)
    elif hasattr(value, "numerator") and hasattr(value, "denominator"):  # an exact run's rational
        try:
            number = float(value)
        except (OverflowError, TypeError, ValueError):
            return None
    else:
        return None
    if not math.isfinite(number):
        return None
    return float(f"{number:.{_DIGITS}g}")


#: NumPy's scalar types a run's variables hold (a ``float64`` from a norm, an ``int64`` from a shape)
_SCALARS = frozenset({np.float64, np.float32, np.float16, np.int64, np.int32, np.int16, np.int8, np.uint64, np.uint32})


class Series:
    """One run's scalars at the start of each loop pass (and at its end), sampled to stay small."""

    def __init__(self, tests: dict[int, tuple[Any, Any]]) -> None:
        self._tests = tests  # loop start → (test tree, math context) of the program run
        self._sides: dict[int, list[tuple[str, Callable[[dict], Any]]]] = {}
        self.x: list[int] = []
        self.values: dict[str, list[float | None]] = {}
        self.kinds: dict[str, str] = {}  # "test", "float", "integer" or "norm"
        self.stride = 1
        self.passes = 0
        self.finding: str | None = None
        self._last: tuple[Any, dict] | None = None  # the loop and frame of the last pass
        #: the loops that made a pass, by start (their headers' hits count their tests)
        self.loops: dict[int, Any] = {}
        self._norms: bool | None = None  # decided at the first sample (see :meth:`norms`)

    def on_pass(self, loop: Any, env: dict, steps: int) -> None:
        """A pass of ``loop`` starts (``steps`` passes so far, this one counted)."""
        self.passes = steps
        self._last = (loop, env)
        if (steps - 1) % self.stride == 0:
            self._sample(steps, loop, env)

    def finish(self, steps: int, finding: str | None) -> None:
        """The run ended after ``steps`` passes (with the code of ``finding``, if it failed): its last state too.

        That state is the one the loop's last test saw (the test that ended it, or the one before
        the pass the budget refused), drawn one pass after the last.
        """
        self.passes = steps
        self.finding = finding
        if self._last is not None:
            self._sample(steps + 1, *self._last)

    def _sample(self, x: int, loop: Any, env: dict) -> None:
        row: dict[str, float | None] = {}
        for label, side in self._test(loop):
            try:
                value = side(env)
                row[label] = float(value) if type(value) in _SCALARS or type(value) is float else _number(value)
            except Exception:  # noqa: BLE001 - a side the pass cannot evaluate is a gap in its line
                row[label] = None
            self.kinds.setdefault(label, "test")
        arrays = []
        for name, value in env.items():
            kind = type(value)
            if kind is float or kind is int or kind in _SCALARS:
                if name[0] != "$" and (name in self.values or len(self.values) < _WATCHED):
                    row[name] = float(value)  # rounded and made finite once, in data()
                    if name not in self.kinds or (self.kinds[name] == "integer" and kind is not int):
                        # s \gets 0, then s \gets s + 1/k: a float from its first float on
                        self.kinds[name] = "integer" if kind is int or issubclass(kind, np.integer) else "float"
            elif kind is np.ndarray and name[0] != "$":
                arrays.append((name, value))
        if arrays and self.norms(row):
            for name, value in arrays:
                label = f"‖{name}‖"
                if value.dtype.kind in "iuf" and value.size and (label in self.values or len(self.values) < _WATCHED):
                    with np.errstate(all="ignore"):
                        row[label] = _number(np.linalg.norm(value.astype(float, copy=False).ravel()))
                    self.kinds.setdefault(label, "norm")
        self.x.append(x)
        values = self.values
        for label, number in row.items():
            line = values.get(label)
            if line is None:  # first seen now: a gap before
                line = values[label] = [None] * (len(self.x) - 1)
            line.append(number)
        if len(row) < len(values):
            for line in values.values():
                if len(line) < len(self.x):
                    line.append(None)
        if len(self.x) > MAX_POINTS:
            self._halve()

    def norms(self, row: dict[str, float | None]) -> bool:
        """Whether arrays are followed by their norms: in a run whose first passes moved no float scalar.

        Decided at the third sample (the first may precede every assignment); norms cost a
        pass more than scalars, and are shown only when no float moved.
        """
        if self._norms is None and len(self.x) >= 2:
            moved = (k for k, kind in self.kinds.items() if kind in ("test", "float"))
            self._norms = not any(len({v for v in self.values[k] if v is not None}) > 1 for k in moved)
        return self._norms is not False

    def _halve(self) -> None:
        """Drop every other point (the first kept) and sample half as often from now on."""
        self.x = self.x[::2]
        for label, line in self.values.items():
            self.values[label] = line[::2]
        self.stride *= 2

    def _test(self, loop: Any) -> list[tuple[str, Callable[[dict], Any]]]:
        start = loop.span.start
        if start not in self._sides:
            found: list[tuple[str, Callable[[dict], Any]]] = []
            entry = self._tests.get(start)
            sides = test_sides(entry[0]) if entry is not None else None
            if sides is not None:
                ctx = entry[1]
                try:
                    found = [(ctx.written(side), compile_expr(side, ctx)) for side in sides]
                except Exception:  # noqa: BLE001 - a side that does not compile alone: no line for it
                    found = []
            self._sides[start] = found
        return self._sides[start]

    def data(self) -> dict[str, Any]:
        """The run as JSON data: the passes sampled, and the series worth showing (see :data:`MAX_SERIES`)."""
        changed = {k: v for k, v in self.values.items() if len({n for n in v if n is not None}) > 1}
        chosen = [k for k in self.values if self.kinds[k] == "test"]

        def moved(kind: str) -> list[str]:
            return [k for k in changed if self.kinds[k] == kind and k not in chosen]

        chosen.extend(moved("float"))
        if not chosen:  # the norms of the arrays, when no test and no float is drawn
            chosen.extend(moved("norm"))
        # every whole number that changed, last: the claim may be about a count (insertion sort's
        # shifts s), and with no float the whole numbers are what the run did (modular powers' r, b, k)
        chosen.extend(moved("integer"))
        if not chosen:  # nothing changed: what stayed where it was is what there is to show
            chosen = list(self.values)
        chosen = chosen[:MAX_SERIES]
        return {
            "passes": self.passes,
            "finding": self.finding,
            "x": list(self.x),
            "lines": [
                {"label": k, "kind": self.kinds[k], "values": [_number(v) for v in self.values[k]]} for k in chosen
            ],
        }


class Recorder:
    """The runs of one check (or one ``algoverify run``): statements reached, and the run to show."""

    def __init__(self) -> None:
        self.statements: set[int] = set()
        self.hits: dict[int, int] = {}
        self.runs = 0
        self.last: Series | None = None
        self.pinned: Series | None = None
        self.longest: Series | None = None
        self._spans_seen: Any = None

    def start(self, program: Any, on_pass: Callable[[Any, dict], None] | None) -> tuple[Series, Callable]:
        """A run of ``program`` starts: its series, and the pass hook that feeds it (then ``on_pass``)."""
        series = Series(getattr(program, "tests", None) or {})
        loops = series.loops

        def hook(loop: Any, env: dict) -> None:
            loops[loop.span.start] = loop
            series.on_pass(loop, env, env[TRACE_KEY].steps)
            if on_pass is not None:
                on_pass(loop, env)

        return series, hook

    def finish(self, series: Series, trace: Any, finding: str | None) -> None:
        """The run of ``series`` ended with ``trace`` (and the code of the finding that stopped it)."""
        self.runs += 1
        spans = trace._spans
        if spans is not self._spans_seen:  # most runs share their listing's table: read once
            self.statements.update(spans)
            self._spans_seen = spans
        hits = trace._hits
        for start, n in hits.items():
            if n:
                self.hits[start] = self.hits.get(start, 0) + n
        for start, loop in series.loops.items():
            # a header tested before each pass ran once per test, as `run --trace` counts it
            # (the trace counts its entries): the passes of its loop on top
            if isinstance(loop, TESTED_FIRST) and hits.get(start):
                self.hits[start] += passes_of(loop, hits)
        series.finish(trace.steps, finding)
        self.last = series
        if series.passes and (self.longest is None or series.passes > self.longest.passes):
            self.longest = series

    def shown(self) -> tuple[str, Series] | None:
        """Which run a report shows, and why: the counterexample's, else the one with the most passes."""
        if self.pinned is not None and self.pinned.x:
            return "counterexample", self.pinned
        if self.longest is not None and self.longest.x:
            return "most passes", self.longest
        return None

    def summary(self) -> dict[str, Any] | None:
        """What the runs did, as JSON data (``None``: the listing never ran)."""
        if not self.runs:
            return None
        shown = self.shown()
        series = None
        if shown is not None:
            series = {"run": shown[0], **shown[1].data()}
        return {
            "runs": self.runs,
            "statements": sorted(self.statements),
            "hits": sorted([start, n] for start, n in self.hits.items()),
            "series": series,
        }
