"""A run's state and records, and the helpers statements call as they run.

:class:`Budget` (the limits of one run), ``_RUN`` (the run in progress: the one context variable
a listing function called from inside a run reads its trace, budget and deadline from),
:class:`Trace` (hits, histories, counters), the signals that leave a loop or return,
:class:`StepContext` and :class:`Bindings` (English statements bound to Python); and what a
compiled statement calls at run time: the step and time ticker, truth of a test, floating-point
errors located at the statement, :func:`pause` for a debugger's time.
"""

from __future__ import annotations

import contextvars
import dataclasses
import re
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Callable

import numpy as np

from ..findings import DidNotTerminate, EvaluationFailed, FloatingPointTrouble, LocatedError
from ..math import mathexpr as M
from ..math.names import identifier
from ..math.numeric import TRACE_KEY, Context, compile_expr, numpy_words
from ..math.ops import IntegerTooLarge, OverBudget, Sequence, seen, shown_number
from ..math.segments import parse_segment
from ..records import frozen
from ..source import Span
from ..syntax import ir

Env = dict[str, Any]
Exec = Callable[[Env], None]


@frozen
class Budget:
    """Limits of one run: loop iterations in all, wall-clock seconds, and nested calls of listing functions."""

    max_steps: int = 100_000
    max_seconds: float = 10.0
    max_depth: int = 200


#: The run in progress (trace, budget, deadline): a listing function called from inside a run
#: shares them, whoever calls it (a statement, a \\Call inside math, a binding).
_RUN: contextvars.ContextVar[tuple[Any, Budget, float] | None] = contextvars.ContextVar("algoverify_run", default=None)


class _TooDeep(Exception):
    """A chain of calls of listing functions past the depth budget; located by the statement that calls."""


class _Counts(dict):
    """A dict whose missing keys count 0: ``Counter``'s behaviour, without its construction cost per run."""

    def __missing__(self, key: Any) -> int:
        return 0


#: values of which a history keeps only the last each statement assigned: an array, and a sequence
#: stored member by member (x_{k+1} \gets … makes a new one each pass: all of them would take
#: memory quadratic in the passes, 740 MB for Dykstra's 3000 sweeps of four sequences)
_BULKY = frozenset({np.ndarray, Sequence})

#: Assignments a trace keeps of each name before it drops the older half. A trace made with 0 keeps
#: none: the trials of a check that reads only the outputs or counts (a reference check's, most
#: contracts') do not pay for them, a third of power iteration's checks.
HISTORY = 10_000


class Trace:
    """What a run did: statement hits, variable histories, named counters.

    A history keeps every assignment's statement, and the value of each but arrays and sequences,
    of which only the last value each statement assigned is kept: a loop over 1000×1000 matrices would
    otherwise hold gigabytes, and nothing reads an array's older values (reports show the last
    one, and ``--trace`` the last one of each line).
    """

    __slots__ = (
        "_hits",
        "_spans",
        "history",
        "counters",
        "steps",
        "history_limit",
        "depth",
        "_dropped",
        "clock_at",
        "clock",
        "on_pass",
        "frames",
        "finished",
    )

    def __init__(self, history_limit: int = HISTORY) -> None:
        # hits are counted by the statement's start offset: hashing an int is cheap, hashing
        # a Span dataclass per statement costs more than the statement on small arrays
        self._hits: dict[int, int] = {}  # a plain dict: the generated code's subscripts take its fast path
        self._spans: dict[int, Span] = {}
        self.history: dict[str, list] = {}
        #: entries trimmed from a history that grew past the limit, per name (counts stay exact);
        #: made on the first trim (rare), not per run
        self._dropped: dict[str, int] | None = None
        self.counters: _Counts = _Counts()
        self.steps = 0
        self.history_limit = history_limit
        #: calls of listing functions in progress (recursion included)
        self.depth = 0
        #: the variables of each listing function running, innermost last; those of the one that last
        #: ended (after a run, its own: a recursive listing's ``n`` is the outermost call's, which ends last)
        self.frames: list[dict[str, Any]] = []
        self.finished: dict[str, Any] = {}
        #: the step at which loops next read the clock, and (steps, time) at the last reading
        self.clock_at = 1
        self.clock: tuple[int, float] | None = None
        #: called as ``on_pass(loop, env)`` at the start of every pass of every loop (an invariant
        #: at a loop's header); read where the clock is, so a run without it pays nothing per pass
        self.on_pass: Callable[[ir.Node, Env], None] | None = None

    @property
    def hits(self) -> Counter:
        """Hits per statement span (statements that never ran are absent)."""
        return Counter({self._spans[start]: n for start, n in self._hits.items() if n})

    def count(self, key: str, n: int = 1) -> None:
        """Add ``n`` to the counter ``key`` (``backward``, a binding's name …)."""
        self.counters[key] += n

    def record(self, name: str, span: Span, value: Any) -> None:
        """Remember that ``name`` took ``value`` at the statement ``span``."""
        self.record_keyed(name, "assign:" + name, span, value)

    def record_keyed(self, name: str, key: str, span: Span, value: Any) -> None:
        """:meth:`record`, as generated blocks call it (``key`` is kept for their signature)."""
        if not self.history_limit:
            return  # a run that keeps no history (see :attr:`history_limit`)
        h = self.history.get(name)
        if h is None:
            self.history[name] = [(span, value)]
        else:
            if h[-1][1].__class__ in _BULKY:
                self.forget(h, span)  # only the last array each statement assigned is kept (see Trace)
            h.append((span, value))
            if len(h) > self.history_limit:
                self.trim(name)

    @staticmethod
    def forget(history: list, span: Span) -> None:
        """Drop the array value the statement ``span`` assigned last in ``history``: a new one replaces it.

        Each statement keeps at most one array value, its last, so the walk back stops at the
        first entry of ``span``: in a loop that is the entry before, or a few before.
        """
        for k in range(len(history) - 1, -1, -1):
            where, value = history[k]
            if where is span or where == span:
                if value.__class__ in _BULKY:
                    history[k] = (where, None)
                return

    def trim(self, name: str) -> None:
        """Drop the older half of ``name``'s history (its assignment count stays exact).

        The last assignment of a statement found only in that half is kept: ``--trace`` shows
        each line's last value, however many times another line assigned the name since.
        """
        h = self.history[name]
        half = len(h) // 2
        later = {span for span, _ in h[half:]}
        kept = list({span: (span, value) for span, value in h[:half] if span not in later}.values())
        if self._dropped is None:
            self._dropped = {}
        self._dropped[name] = self._dropped.get(name, 0) + half - len(kept)
        h[:half] = kept

    def assignments(self, name: str) -> int:
        """How many times ``name`` was assigned (not capped by the history limit)."""
        return len(self.history.get(name, ())) + (self._dropped or {}).get(name, 0)

    def last(self, name: str) -> Any:
        """The last value assigned to ``name`` (a sequence stored by index as its array)."""
        return seen(self.history[name][-1][1])


class _Returned:
    """What a statement returns after ``\\Return``: blocks and loops pass it up (no exception).

    Statements return ``None`` when control goes on; anything else is a signal a block passes up:
    a :class:`_Returned`, or :data:`_BREAK` / :data:`_CONTINUE`, which the nearest loop takes.
    """

    __slots__ = ("value",)

    def __init__(self, value: Any):
        self.value = value


class _Signal:
    __slots__ = ("word",)

    def __init__(self, word: str) -> None:
        self.word = word


_BREAK = _Signal("break")
_CONTINUE = _Signal("continue")
#: English statements that leave or restart the nearest loop (``\\State \\textbf{break}``, ``\\Break``)
_LOOP_WORDS = {"break": _BREAK, "continue": _CONTINUE, "exit loop": _BREAK, "break loop": _BREAK}


class StepContext:
    """What a binding of an English statement sees: the variables, and math to evaluate.

    ``step["theta"]`` reads a variable, ``step["L_i"] = f`` writes one, ``step.math("B_i")``
    evaluates LaTeX math in the current scope (``B_i`` indexes the family ``B``).
    """

    def __init__(self, env: Env, node: ir.Node, ctx: Context):
        self._env, self.node, self._ctx = env, node, ctx

    def __getitem__(self, name: str) -> Any:
        name = self._name(name)
        try:
            return self._env[name]
        except KeyError:
            # the binding reads a name this run has no value for: say which, at the statement
            raise LocatedError(
                EvaluationFailed,
                self.node.span,
                message=f"the binding of this statement reads {name}, which has no value here: "
                f"{name} is not an input of the listing and nothing before this statement sets it",
            ) from None

    def __setitem__(self, name: str, value: Any) -> None:
        name = self._name(name)
        self._env[name] = value
        trace = self._env.get(TRACE_KEY)
        if trace is not None:
            trace.record(name, self.node.span, value)

    def __contains__(self, name: str) -> bool:
        return self._name(name) in self._env

    def _name(self, key: str) -> str:
        """A variable's name: ``theta``, or written as the listing writes it (``\\hat{\\theta}``, ``x^{*}_{b}``).

        A key in LaTeX names what the listing's math names; one that names nothing is an error at the
        statement, never a variable no statement reads.
        """
        if _NAME.fullmatch(key):
            return key
        try:
            name = identifier(M.parse_math(key))
        except LocatedError as exc:
            name, why = None, f": {exc}"
        else:
            why = ""
        if name is None:
            raise LocatedError(
                EvaluationFailed,
                self.node.span,
                message=f"the binding of this statement names {key!r}, which is no variable{why}: write the name "
                "as the listing's math writes it (x_i, \\hat{\\theta}), or as a Python name (theta_hat)",
            )
        return name

    def math(self, latex: str) -> Any:
        """Evaluate LaTeX math with the current variables (our math parser and NumPy; no Python ``eval``)."""
        # errors point at the statement, but the math is the binding's: messages print it, not the note
        ctx = dataclasses.replace(self._ctx, text=None)
        return compile_expr(M.parse_math(latex, self.node.span.start), ctx)(self._env)

    @property
    def trace(self) -> Trace:
        """The run's trace, for bindings that count what they do."""
        return self._env[TRACE_KEY]


#: a variable's name as the interpreter keeps it (``theta_hat``, ``L_i``)
_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_]*")

Binding = Callable[[StepContext], Any]


def _normalise(text: str) -> str:
    return " ".join(text.lower().split())


@dataclass
class Bindings:
    """English statements → Python callables, matched by text (a prefix of it) or by line."""

    by_text: dict[str, Binding] = field(default_factory=dict)
    by_line: dict[int, Binding] = field(default_factory=dict)

    def find(self, plain: str, line: int | None) -> tuple[str, Binding] | None:
        """Return ``(key, binding)`` for a statement, or ``None``."""
        if line is not None and line in self.by_line:
            return f"line {line}", self.by_line[line]
        text = _normalise(plain)
        for key, fn in self.by_text.items():
            k = _normalise(key)
            if text == k or text.startswith(k):
                return key, fn
        return None


#: statements that hold others: their hits count entries, and a statement inside reports its own errors
_BLOCKS = (ir.WhileBlock, ir.ForRange, ir.ForAll, ir.RepeatUntil, ir.LoopBlock, ir.IfBlock, ir.Function, ir.UserBlock)


def pause(env: Env, seconds: float) -> None:
    """Move the run's deadline ``seconds`` later: time a debugger spent at its prompt is not the run's."""
    env["$deadline"] += seconds
    current = _RUN.get()
    if current is not None:
        trace, budget, deadline = current
        _RUN.set((trace, budget, deadline + seconds))  # undone with the rest when the run resets it


#: the operator of an update assignment as the IR keeps it (``\\mathrel{+}=``, ``+=``)
_UPDATE = re.compile(r"([+\-*/])\s*\}?\s*=$")


def _loop_word(text: ir.Text) -> str:
    """``break``/``continue``/``pass`` as written: ``\\textbf{break}``, ``\\Break``, ``break;``, ``\\mathbf{pass}``."""
    if len(text.parts) == 1 and isinstance(text.parts[0], ir.Math):
        try:
            tree = parse_segment(text.parts[0])
        except LocatedError:
            return ""
        return tree.name if isinstance(tree, M.Sym) and tree.name in ("break", "continue", "pass") else ""
    raw = "".join(p for p in text.parts if isinstance(p, str)).strip()
    if re.fullmatch(r"\\(Break|Continue|BREAK|CONTINUE)\s*(\{\s*\})?", raw):
        return raw[1:].split("{")[0].strip().lower()
    return " ".join(text.plain.lower().strip(" .;").split())


def _raiser(
    span: Span, diagnose: Callable[[Env, BaseException], None], what: str = "this statement"
) -> Callable[[Env, BaseException], None]:
    """Return ``fail(env, exc)``: raise the finding an exception in a statement stands for.

    Floating-point trouble is AV302 at the statement; NumPy's and Python's errors are located
    at the failing sub-expression when the guarded re-run finds it (else AV306 at the
    statement). Anything else (a debugger's quit, a bug of ours) is left to propagate.
    """

    def fail(env: Env, exc: BaseException) -> None:
        if isinstance(exc, (_TooDeep, RecursionError)):
            budget = env.get("$budget", Budget())
            reason = f"calls nest deeper than the budget of {budget.max_depth} (runaway recursion?)"
            raise LocatedError(DidNotTerminate, span, reason=reason) from exc
        if isinstance(exc, FloatingPointError):
            raise LocatedError(FloatingPointTrouble, span, kind=_fp_kind(exc), what=what) from exc
        if isinstance(exc, IntegerTooLarge):
            raise LocatedError(FloatingPointTrouble, span, kind=str(exc), what=what) from exc
        if isinstance(exc, OverflowError):  # Python's float power: `2.0 ** 10000`
            raise LocatedError(FloatingPointTrouble, span, kind="overflow", what=what) from exc
        if isinstance(exc, OverBudget):
            raise LocatedError(DidNotTerminate, span, reason=str(exc)) from exc
        if isinstance(exc, MemoryError):  # not re-run to locate it: that would allocate again
            detail = f" ({exc})" if str(exc) else ""
            message = f"out of memory{detail}: the run outgrew the note's memory ceiling (`--note-memory-mb`)"
            raise LocatedError(EvaluationFailed, span, message=message) from exc
        if isinstance(exc, ZeroDivisionError):
            raise LocatedError(FloatingPointTrouble, span, kind="division by zero", what=what) from exc
        if isinstance(exc, (ArithmeticError, ValueError, TypeError, IndexError, KeyError, np.linalg.LinAlgError)):
            diagnose(env, exc)
            raise LocatedError(EvaluationFailed, span, message=f"{type(exc).__name__}: {numpy_words(exc)}") from exc

    return fail


def _fp_kind(exc: FloatingPointError) -> str:
    text = str(exc)
    if "divide" in text and "log" in text:
        return "logarithm of zero"  # NumPy reports log(0) as a division by zero
    for key, kind in (("overflow", "overflow"), ("divide", "division by zero"), ("invalid", "invalid value (NaN)")):
        if key in text:
            return kind
    return "floating-point error"


def _truth(test: Callable[[Env], Any], env: Env, node: ir.Node) -> bool:
    value = test(env)
    if type(value) is bool:
        return value
    return truth_of(value, node)


def truth_of(value: Any, node: ir.Node) -> bool:
    """A test's value that is no bool (``np.True_``, a number) as a truth value; an array is an error at ``node``."""
    if np.ndim(value) != 0:
        raise LocatedError(EvaluationFailed, node.span, message="the condition is an array, not a truth value")
    return bool(value)


#: the loops whose header tests their condition before each pass: the header's hits are those tests,
#: its entries and its passes (a ``\\Repeat`` tests after each pass, at its ``\\Until``: its header
#: counts the loop's entries). ``run --trace`` and a report's lines count a header so.
TESTED_FIRST = (ir.WhileBlock, ir.ForRange, ir.ForAll)


def passes_of(loop: Any, hits: dict[int, int]) -> int:
    """The passes ``loop`` made, from a trace's hits by statement start: the most any statement of its body ran.

    Every pass runs the body's first statement; the count is over all the loop's entries.
    """
    return max((hits.get(child.span.start, 0) for child in loop.body if child.span is not None), default=0)


def _integer(value: Any, m: ir.Math) -> int:
    if isinstance(value, (int, np.integer)) or (isinstance(value, (float, np.floating)) and float(value).is_integer()):
        return int(value)
    raise LocatedError(
        EvaluationFailed, m.span, message=f"loop bound {m.latex} = {shown_number(value)} is not an integer"
    )


def _ticker(node: ir.Node) -> Callable[[Env], None]:
    span = node.span

    def tick(env: Env) -> None:
        trace = env[TRACE_KEY]
        budget = env["$budget"]
        if trace.steps >= budget.max_steps:  # counted once a pass starts: the steps are the passes that ran
            raise LocatedError(DidNotTerminate, span, reason=_past_budget(node, trace, budget.max_steps))
        trace.steps += 1
        if trace.steps >= trace.clock_at:
            now = time.perf_counter()
            if now > env["$deadline"]:
                raise LocatedError(
                    DidNotTerminate, span, reason=f"the loop ran past the time budget of {budget.max_seconds:g} s"
                )
            trace.clock_at = trace.steps + _clock_interval(trace, now)
            if trace.on_pass is not None:
                trace.on_pass(node, env)
                trace.clock_at = trace.steps + 1

    return tick


def _past_budget(loop: Any, trace: Trace, steps: int) -> str:
    """Why a run stopped at ``loop``: the budget counts every loop's passes, and this one may end each time.

    Armijo's backtracking inside gradient descent made 96,472 passes over 3,528 entries: it ends every
    time, and the loop around it is the one that does not stop.
    """
    said = f"the loop ran past the budget of {steps} iterations"
    passes = passes_of(loop, trace._hits) if getattr(loop, "body", None) else 0
    entries = trace._hits.get(loop.span.start, 0)  # a header's own hits count the loop's entries
    if entries <= 1 or passes >= steps or passes / entries > steps / 1000:
        return said  # one entry, or entries that each ran long: this loop is the one that does not stop
    return (
        f"the loops ran past the budget of {steps} iterations in all: this loop made {passes:,} passes over "
        f"{entries:,} entries, {passes / entries:.3g} each, so a loop around it may be the one that does not stop"
    )


def _clock_interval(trace: Trace, now: float) -> int:
    """Iterations until the clock is read again: about every 10 ms of work, at most every 1024.

    Reading the clock every iteration costs a tight loop a few percent; reading it every 1024
    lets a loop of heavy statements (a 1000×1000 product each) run minutes past its budget.
    """
    last = trace.clock
    trace.clock = (trace.steps, now)
    if last is None or trace.steps <= last[0]:
        return 1
    per_step = (now - last[1]) / (trace.steps - last[0])
    if per_step <= 0:
        return 1024
    return max(1, min(1024, int(0.01 / per_step)))
