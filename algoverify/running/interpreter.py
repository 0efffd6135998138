"""Run a listing's IR over NumPy: statements compiled once to closures, with budgets and a trace.

Consumes :class:`~algoverify.syntax.ir.Algorithm` (or one of its :class:`~algoverify.syntax.ir.Function`
blocks) and produces a :class:`Program`: ``program.run(inputs)`` executes it and returns the
outputs with a :class:`Trace` (hits per statement, history of each variable, counters such
as backward passes). Every error carries the span of the node that raised it:

* a loop past the step or time budget → ``AV301`` at the loop;
* NumPy overflow, division by zero, invalid value → ``AV302`` at the statement;
* an English statement with no binding → ``AV304`` at the statement.

Step events (for :mod:`algoverify.running.stepper`) go to an optional ``on_step`` callback, before
each statement runs and at a loop's header before each further pass; the interpreter does not
know who listens.
"""

from __future__ import annotations

import contextvars
import dataclasses
import re
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Iterator

import numpy as np

from ..findings import (
    BadInput,
    DidNotTerminate,
    EvaluationFailed,
    FloatingPointTrouble,
    LocatedError,
    NotExactValue,
    NotExecutable,
    UnboundText,
)
from ..math import mathexpr as M
from ..math.exact import float_in, to_exact, too_large
from ..math.names import identifier, join_words, word
from ..math.numeric import TRACE_KEY, Context, _infer_dim, compile_expr, compile_target, numpy_words
from ..math.ops import (
    FP_RAISE,
    FP_STATE,
    IntegerTooLarge,
    OverBudget,
    Sequence,
    nonfinite,
    raise_on_fp_errors,
    seen,
)
from ..math.ranges import UPWARD, range_directions
from ..math.segments import parse_segment
from ..source import Span
from ..syntax import ir
from .conventions import (
    SAID_TESTS,
    bound_names,
    defined,
    inline_definitions,
    install_views,
    padded,
    pads,
    renaming,
    said_all,
    said_of,
    stored_as_ones,
    swap_of,
    variant,
    zeros,
)
from .declarations import InputSpec, read_family
from .inputs import bind_sizes, check_entry
from .requires import declared_inputs
from .scope import Scope, constant_letters, join_families, scopes
from .signature import assigned_names, entry_function, entry_of, listing_words, output_names
from .symbols import Resolution, own_declarations, resolve

__all__ = [
    "Budget",
    "Trace",
    "Program",
    "Binding",
    "StepContext",
    "compile_program",
    "entry_function",
    "is_step",
    "pause",
    "listing_words",
    "parse",
]

Env = dict[str, Any]
Exec = Callable[[Env], None]


@dataclass(frozen=True)
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


class Trace:
    """What a run did: statement hits, variable histories, named counters.

    A history keeps every assignment's statement, and the value of each but arrays, of which
    only the last value each statement assigned is kept: a loop over 1000×1000 matrices would
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
    )

    def __init__(self, history_limit: int = 10_000) -> None:
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
        h = self.history.get(name)
        if h is None:
            self.history[name] = [(span, value)]
        else:
            if h[-1][1].__class__ is np.ndarray:
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
                if value.__class__ is np.ndarray:
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
        self._env[name] = value
        trace = self._env.get(TRACE_KEY)
        if trace is not None:
            trace.record(name, self.node.span, value)

    def __contains__(self, name: str) -> bool:
        return name in self._env

    def math(self, latex: str) -> Any:
        """Evaluate LaTeX math with the current variables (our math parser and NumPy; no Python ``eval``)."""
        # errors point at the statement, but the math is the binding's: messages print it, not the note
        ctx = dataclasses.replace(self._ctx, text=None)
        return compile_expr(M.parse_math(latex, self.node.span.start), ctx)(self._env)

    @property
    def trace(self) -> Trace:
        """The run's trace, for bindings that count what they do."""
        return self._env[TRACE_KEY]


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


@dataclass
class Program:
    """A compiled listing: call :meth:`run` with the inputs."""

    body: Exec
    inputs: tuple[str, ...]
    outputs: tuple[str, ...]
    families: dict[str, str]
    span: Span
    functions: dict[str, Callable[..., Any]]
    ctx: Context = field(default_factory=Context)
    spans: dict[int, Span] = field(default_factory=dict)
    on_step: Callable[[ir.Node, Env, Trace], None] | None = None
    #: the function a listing of functions runs (``None`` for a listing of statements)
    entry: str | None = None
    #: the listing's own functions by name, as callables (a listing of functions, or defined inside)
    own: dict[str, Callable[..., Any]] = field(default_factory=dict)
    #: what the ``\\Require``/``\\Input`` declarations say: shapes, sizes, preconditions
    declarations: InputSpec = field(default_factory=InputSpec)
    #: how each free name was bound (from the prose, the spec …), and what nothing binds
    names: Resolution | None = None
    #: every name the listing reads and does not bind itself: a caller may give any of them
    free: frozenset[str] = frozenset()
    #: names the prose defines that the listing reads, with their compiled values (evaluated on entry)
    defined: tuple[tuple[str, Callable[[Env], Any]], ...] = ()
    #: English statements and conditions nothing binds: ``(span, text)`` (a run stops at the first it reaches)
    unbound_text: tuple[tuple[Span, str], ...] = ()
    #: inputs written from a later first index than the listing counts from (``a_2, \dots, a_n``): how many
    #: places before their first member, so that ``a_i`` is the member the note calls ``a_i``
    pads: tuple[tuple[str, int], ...] = ()

    @property
    def sizes(self) -> tuple[str, ...]:
        """The sizes a run also accepts (``n`` of ``x \\in \\mathbb{R}^{n}``), else binds from the inputs' shapes."""
        return tuple(sorted(set(self.declarations.sizes) | set(self.families.values())))

    def __post_init__(self) -> None:
        self._accepted = (
            frozenset(self.inputs) | frozenset(self.families.values()) | frozenset(self.declarations.sizes) | self.free
        )
        self._inputs_set = frozenset(self.inputs)
        self._families = tuple(self.families.items())
        self._size_sources()

    def _size_sources(self) -> tuple[tuple[str, str | None, frozenset[str]], ...]:
        # a size read from one array (`d` from x) is looked up directly; several go through
        # _infer_dim. Compiling a body may add sizes after the Program exists (a function's).
        dims = self.ctx.dims
        self._dims = tuple(
            (dim, next(iter(sources)) if len(sources) == 1 else None, frozenset(sources))
            for dim, sources in dims.items()
        )
        self._dims_seen = len(dims)
        return self._dims

    def run(
        self,
        inputs: dict[str, Any],
        *,
        budget: Budget = Budget(),
        trace: Trace | None = None,
        deadline: float | None = None,
    ) -> tuple[Any, Trace]:
        """Execute with ``inputs``; return ``(outputs, trace)`` or raise :class:`LocatedError`.

        ``deadline`` (a ``perf_counter`` time) is the caller's, for a call of a listing function:
        the time budget is the whole run's, not renewed per call.
        """
        if trace is None:
            trace = Trace()
        spans = trace._spans
        if spans is not self.spans:
            # a fresh trace shares the listing's span table (its functions compile into the same one);
            # a trace that already holds another listing's spans gets a merged copy
            trace._spans = {**spans, **self.spans} if spans else self.spans
        if self.ctx.exact:  # every float given is taken as the rational it stores
            inputs = {k: v if callable(v) else to_exact(_own(v)) for k, v in inputs.items()}
        env = self._bind_inputs(inputs)
        env[TRACE_KEY] = trace
        env["$budget"] = budget
        env["$deadline"] = deadline = deadline if deadline is not None else time.perf_counter() + budget.max_seconds
        env["$program"] = self
        env["$on_step"] = self.on_step
        token = _RUN.set((trace, budget, deadline))
        try:
            if FP_STATE is None:
                returned = raise_on_fp_errors(self.body, env)
            else:  # raise_on_fp_errors, inlined: a call of the hot path fewer
                fp = FP_STATE.set(FP_RAISE)
                try:
                    returned = self.body(env)
                finally:
                    FP_STATE.reset(fp)
        finally:
            _RUN.reset(token)
        if type(returned) is not _Returned:
            return None, trace
        value = returned.value
        if type(value) is tuple:
            return tuple(_output(v) for v in value), trace
        return _output(value), trace

    def bound_inputs(self, inputs: dict[str, Any]) -> Env:
        """The inputs as a run binds them: with the sizes they imply (``n`` from ``x``), columns, families.

        Raises :class:`LocatedError` as a run would (an unknown input, a violated precondition).
        """
        return {k: v for k, v in self._bind_inputs(dict(inputs)).items() if k not in self.functions}

    def _spelled(self, name: str, inputs: dict[str, Any]) -> str:
        """``name``, or its other spelling when that is the one the listing takes (``epsilon``, ``varepsilon``)."""
        other = variant(name)
        if name in self._accepted or other is None or other not in self._accepted or other in inputs:
            return name
        return other

    def _bind_inputs(self, inputs: dict[str, Any]) -> Env:
        if not self._accepted.issuperset(inputs):  # --set epsilon=… for a listing that writes \varepsilon
            inputs = {self._spelled(n, inputs): v for n, v in inputs.items()}
        if not self._accepted.issuperset(inputs):
            unknown = [n for n in inputs if n not in self._accepted]
            raise LocatedError(
                BadInput,
                self.span,
                message=f"unknown input(s) {', '.join(sorted(unknown))}; "
                f"this listing takes {', '.join(self.inputs) or 'no inputs'}"
                + (f" and the sizes {', '.join(self.sizes)}" if self.sizes else ""),
            )
        functions = self.functions
        env: Env = {**functions, **inputs} if functions else dict(inputs)
        for name, value in inputs.items():
            kind = type(value)
            if kind is np.ndarray:
                if value.dtype is not _FLOAT and value.dtype.kind != "f":
                    env[name] = _own(value)
            elif kind is not float and kind is not int:
                env[name] = _own(value)
        declarations = self.declarations
        for family, size in self._families:
            if family in env and size not in env:
                written = declarations.written.get(family)
                # k of B_1, …, B_k is the family's length; n of x_0, …, x_n one less
                env[size] = len(env[family]) - (written.offset if written is not None else 0)
        if declarations.inputs or declarations.conditions:
            bind_sizes(declarations, env, self.span)
            for d in declarations.inputs:
                if d.name not in env:
                    continue
                if d.columns and np.ndim(env[d.name]) == 2:
                    env.setdefault(d.columns, np.transpose(env[d.name]))  # a_j is column j of A
                if d.rows:
                    env.setdefault(d.rows, env[d.name])  # x_i is row i of X (c_{ij} of C is renamed when compiled)
        for name, value in self.defined:
            if name not in env:
                env[name] = value(env)  # V = {1, …, n}, as the prose defines it (s ∈ V is checked next)
        if declarations.inputs or declarations.conditions:
            check_entry(declarations, env)
        for name, places in self.pads:
            if name in env:
                env[name] = padded(env[name], places)
        names = self.names
        if names is not None:
            seeded: set[str] = set()
            for member, base, key in names.seeds:
                if member in env and (base not in env or base in seeded):
                    # x_0 (and x_1, as the secant method takes them) given: the sequence x_k starts there
                    env[base] = Sequence({**(env[base] if base in seeded else {}), key: env[member]})
                    seeded.add(base)
            for name in names.sequences:
                if name not in env:
                    env[name] = Sequence()  # c_k \gets …: empty until its first store
        if not self._inputs_set.issubset(env):
            missing = [n for n in self.inputs if n not in env]
            raise LocatedError(BadInput, self.span, message=f"missing input(s) {', '.join(missing)}")
        dims = self.ctx.dims
        sizes = self._dims
        if self._dims_seen != len(dims):
            sizes = self._size_sources()
        for dim, source, sources in sizes:
            if dim in env:
                continue
            if source is not None:
                value = env.get(source)
                if type(value) is np.ndarray and value.ndim >= 1:
                    env[dim] = len(value)  # `d` from len(x), once per run
                    continue
            if not sources.isdisjoint(env):
                env[dim] = _infer_dim(dim, sources, env, self.span)
        return env


_FLOAT = np.dtype(float)


def _output(value: Any) -> Any:
    """A returned value as a reader expects it: a sequence as its array, a NumPy scalar as a Python number."""
    if type(value) is np.ndarray:
        return value
    if isinstance(value, Sequence):
        return value.to_array()
    if isinstance(value, np.generic):
        return value.item()
    return value


def _own(value: Any) -> Any:
    """Turn inputs into the values the notation means: numeric lists (nested too) become float arrays.

    Arrays are not copied: no statement changes an array in place (an element store builds a
    new one), so the caller's data stays as it was.
    """
    if isinstance(value, np.ndarray):
        return value.astype(float) if value.dtype.kind in "biu" else value
    if isinstance(value, (list, tuple)) and value and not isinstance(value, str):
        try:
            array = np.array(value, dtype=float)
        except (ValueError, TypeError):
            array = None  # ragged, or not numbers: a family such as micro-batches of other sizes
        if (
            array is not None
            and array.dtype == float
            and array.ndim >= 1
            and all(not isinstance(v, np.ndarray) or v.ndim == 0 for v in value)
        ):
            return array
        return [_own(v) for v in value]
    return value


# --- compiling statements -------------------------------------------------------------------------


def _block_name(target: M.MathNode, value: M.MathNode) -> bool:
    """``A_{11} \\gets A_{1:m, 1:m}``: a numbered target set to a slice is a block, never an entry of ``A``."""
    if not isinstance(target, M.Idx) or identifier(target) is None:
        return False
    if not all(isinstance(i, M.Num) for i in target.indices):
        return False
    return any(isinstance(n, M.Colon) or (isinstance(n, M.Placeholder) and n.symbol == ":") for n in M.walk(value))


#: the arrows a statement of its own writes an exchange with (``\iff`` and ``\Leftrightarrow`` are logic)
_EXCHANGE = re.compile(r"\\(?:long)?leftrightarrow(?![a-zA-Z])")


@dataclass
class _Compiler:
    ctx: Context
    bindings: Bindings
    locate: Callable[[int], tuple[int, int]] | None
    spans: dict[int, Span] = field(default_factory=dict)
    #: the listing's own functions, by name (each compiled once; they see each other and themselves)
    own: dict[str, Callable[..., Any]] = field(default_factory=dict)
    #: what a function of the listing can call: its own functions, then the note's other listings
    scope: Any = None
    #: loops around the statement being compiled (``break`` outside one is an error)
    loops: int = 0
    #: math segment → tree, with the listing's multi-letter names joined (see :func:`listing_words`)
    parse: Callable[[ir.Math], M.MathNode] = parse_segment
    #: what the note declares around the listing (its prose, its spec): binds the free names
    context: InputSpec = field(default_factory=InputSpec)
    #: the free reads of each scope of the listing (``None``: its statements; else a function's name)
    scopes: dict[str | None, Scope] = field(default_factory=dict)
    #: English statements and conditions nothing binds, as compiled (``lint`` reports them: a run stops there)
    unbound_text: list[tuple[Span, str]] = field(default_factory=list)
    #: names set to 0 and then stored into by index: the size of the zero vector each is (``x`` → ``n``)
    zero_vectors: dict[str, str] = field(default_factory=dict)
    #: names set to a value made of ``\mathbf{1}``: the size of the vector of ones (``r`` → ``n``)
    filled: dict[str, str] = field(default_factory=dict)
    #: names set to ``I`` and then indexed: the size of the identity each is (``L`` → ``n``)
    identities: dict[str, str] = field(default_factory=dict)
    #: each range's direction, from its bounds and the loops around it (:mod:`~algoverify.math.ranges`)
    directions: dict[int, int | None] = field(default_factory=dict)

    def written(self, node: M.MathNode) -> str:
        """``node`` as the note writes it, for a message."""
        return self.ctx.written(node)

    def loop_body(self, stmts: Iterable[ir.Node]) -> Exec:
        self.loops += 1
        try:
            return self.block(stmts)
        finally:
            self.loops -= 1

    def math(self, m: ir.Math) -> M.MathNode:
        return self.parse(m)

    def exactly(self, value: Callable[[Env], Any], tree: M.MathNode) -> Callable[[Env], Any]:
        """In an exact run, ``value`` refusing a float or a number too large to carry: ``AV310`` at ``tree``.

        The float is one a function or a binding made; the number, one whose numerator doubles each pass.
        """
        if not self.ctx.exact:
            return value
        ctx = self.ctx

        def exact(env: Env) -> Any:
            v = value(env)
            found = float_in(v)
            detail = f"it is {found}, made outside the exact arithmetic" if found is not None else too_large(v)
            if detail is not None:
                raise LocatedError(NotExactValue, tree.span, what=ctx.written(tree), detail=detail)
            return v

        return exact

    def expr(self, m: ir.Math) -> Callable[[Env], Any]:
        return compile_expr(self.math(m), self.ctx)

    def cond(self, c: ir.Math | ir.Text, node: ir.Node) -> Callable[[Env], Any]:
        if isinstance(c, ir.Math):
            return self.expr(c)
        if len(c.parts) == 1 and isinstance(c.parts[0], ir.Math):
            return self.expr(c.parts[0])
        if self._find_binding(c, node) is None:
            said = said_of(c)
            if said is not None:  # "\(i\) is odd": a test the words state, with no binding needed
                value, test = self.expr(said[0]), SAID_TESTS[said[1]]
                return lambda env: test(value(env))
            joined = said_all(c)
            if joined is not None:  # "\(a\) is even and \(b\) is even"
                op, tests = joined
                checks = [(self.expr(m), SAID_TESTS[w]) for m, w in tests]
                combine = all if op == "and" else any
                return lambda env: combine(test(value(env)) for value, test in checks)
        return self.text_binding(c, node, want_value=True)

    def block(self, stmts: Iterable[ir.Node]) -> Exec:
        compiled = [self.stmt(s) for s in stmts]
        compiled = [c for c in compiled if c is not None]
        if len(compiled) == 1:
            return compiled[0]
        if sum(hasattr(c, "fused") for c in compiled) >= 2:
            return self._fused(compiled)

        def run(env: Env) -> Any:
            for c in compiled:
                r = c(env)
                if r is not None:
                    return r
            return None

        return run

    def _fused(self, compiled: list[Exec]) -> Exec:
        """One generated function for a block: straight-line statements without a call each."""
        from ..math.codegen import generate_block

        items = [c.fused if hasattr(c, "fused") else ("call", c) for c in compiled]
        handlers = [c.fail if hasattr(c, "fused") else None for c in compiled]

        def fail(index: int, env: Env, exc: BaseException) -> None:
            if index >= 0 and handlers[index] is not None and not isinstance(exc, LocatedError):
                handlers[index](env, exc)  # raises the located error for that statement

        return generate_block(items, returned=_Returned, fail=fail)

    def stmt(self, node: ir.Node) -> Exec | None:
        method = getattr(self, "s_" + type(node).__name__, None)
        if method is None:
            return None  # comments, conditions: nothing to run
        fn = method(node)
        return self.wrap(node, fn) if fn is not None else None

    def wrap(self, node: ir.Node, fn: Exec) -> Exec:
        span = node.span
        start = span.start
        self.spans[start] = span
        if isinstance(node, _BLOCKS):

            def block(env: Env) -> None:
                hits = env[TRACE_KEY]._hits
                hits[start] = hits.get(start, 0) + 1
                on_step = env["$on_step"]
                if on_step is not None:
                    on_step(node, env, env[TRACE_KEY])
                try:
                    return fn(env)
                except LocatedError:
                    raise  # a statement inside the block located its own
                except Exception as exc:  # in the block's own condition or range
                    cond_fail(env, exc)
                    raise

            cond_fail = _raiser(span, self.diagnoser(node), what="the condition")
            return block
        diagnose = self.diagnoser(node)
        fail = _raiser(span, diagnose)

        def run(env: Env) -> None:
            trace = env[TRACE_KEY]
            hits = trace._hits
            hits[start] = hits.get(start, 0) + 1
            on_step = env["$on_step"]
            if on_step is not None:
                on_step(node, env, trace)
            try:
                return fn(env)
            except LocatedError:
                raise
            except Exception as exc:
                fail(env, exc)
                raise

        # statements a block can inline into one generated function (codegen.generate_block)
        simple = getattr(fn, "simple_assignment", None)
        values = getattr(fn, "values", None)
        if simple is not None:
            name, key, value = simple
            run.fused = ("assign", (start, span, node, name, key, value))  # type: ignore[attr-defined]
        elif values is not None:
            run.fused = ("return", (start, span, node, values))  # type: ignore[attr-defined]
        run.fail = fail  # type: ignore[attr-defined]
        return run

    def diagnoser(self, node: ir.Node) -> Callable[[Env, BaseException], None]:
        """Return ``diagnose(env, exc)``: re-run the statement's math with a guard per node.

        Statements are compiled without per-node guards for speed; when one fails, its math is
        compiled again with guards and evaluated, so the finding points at the sub-expression
        (``A v`` in a longer formula) rather than the whole line.
        """
        maths = [m for m in _own_maths(node) if m is not getattr(node, "target", None)]
        if isinstance(node, (ir.ForRange, ir.ForAll)):
            # the loop binds its variable, and a \ForAll's header is its variable and its set
            maths = [m for m in maths if m is not node.var and m is not getattr(node, "header", None)]
        ctx = self.ctx

        def diagnose(env: Env, exc: BaseException) -> None:
            guarded = dataclasses.replace(ctx, guard=True)
            for m in maths:
                tree = self.parse(m)
                while isinstance(tree, M.Assign):  # x \gets y \gets e: the value is e
                    tree = tree.value
                try:
                    compile_expr(tree, guarded)(dict(env))
                except LocatedError as located:
                    raise located from exc
                except Exception:  # noqa: BLE001 - only a located error improves on the statement's
                    continue

        return diagnose

    # statements

    def s_Assign(self, node: ir.Assign) -> Exec:
        target = self.math(node.target)
        if _block_name(target, self.math(node.value)):  # A_{11} \gets A_{1:m, 1:m}: a block, a name of its own
            target = M.Sym(identifier(target), span=target.span)  # type: ignore[arg-type]
        update = _UPDATE.search(node.op)
        if update is not None:  # `x \mathrel{+}= y`, `x += y`: x takes x + y
            tree = M.BinOp(update.group(1), target, self.math(node.value), span=node.value.span)
            value = self.exactly(compile_expr(tree, self.ctx), tree)
        elif isinstance(self.math(node.value), M.Assign):
            return self._assign_chain(node, target)
        else:
            value = self.exactly(self.expr(node.value), self.math(node.value))
            size = self.zero_vectors.get(identifier(target) or "")
            tree = self.math(node.value)
            if size is not None and M.zero_literal(tree):
                value = zeros(size, self.ctx.exact)  # x \gets 0, then x_i \gets …: the zero vector
            filled = self.filled.get(identifier(target) or "")
            if filled is not None:
                value = stored_as_ones(value, filled)  # r \gets \mathbf{1} / n: n entries
            order = self.identities.get(identifier(target) or "")
            if order is not None and tree.span is not None:  # L \gets I, then L_{ik} \gets …: I_n
                sized = M.Idx(tree, (M.Sym(order, span=tree.span),), span=tree.span)
                value = self.exactly(compile_expr(sized, self.ctx), sized)
        span = node.span
        if isinstance(target, (M.Sym, M.Pow, M.Label, M.Transpose)) and identifier(target) is not None:
            name = identifier(target)
            key = "assign:" + name

            def assign_name(env: Env) -> None:
                # run alone (wrapped by wrap()), or inlined by a block through simple_assignment
                v = env[name] = value(env)
                if v.__class__ is float and v - v != 0:
                    nonfinite(v)  # Python float arithmetic goes to inf without NumPy's error state
                env[TRACE_KEY].record_keyed(name, key, span, v)

            assign_name.simple_assignment = (name, key, value)  # type: ignore[attr-defined]
            return assign_name
        store = compile_target(target, self.ctx)

        def assign(env: Env) -> None:
            names = store(env, value(env))
            trace = env[TRACE_KEY]
            for n in names:
                trace.record(n, span, env[n])

        return assign

    def _assign_chain(self, node: ir.Assign, target: M.MathNode) -> Exec:
        """``x \\gets y \\gets 0`` (Python's ``x = y = 0``): the value once, then each target from the left."""
        targets, tree = [target], self.math(node.value)
        while isinstance(tree, M.Assign):
            targets.append(tree.target)
            tree = tree.value
        value, stores, span = compile_expr(tree, self.ctx), [compile_target(t, self.ctx) for t in targets], node.span
        value = self.exactly(value, tree)

        def assign_chain(env: Env) -> None:
            v = value(env)
            if v.__class__ is float and v - v != 0:
                nonfinite(v)
            trace = env[TRACE_KEY]
            for store in stores:
                for n in store(env, v):
                    trace.record(n, span, env[n])

        return assign_chain

    def s_Return(self, node: ir.Return) -> Exec:
        values = [self.exactly(self.expr(v), self.math(v)) for v in node.values]
        if len(values) == 1:
            only = values[0]

            def ret1(env: Env) -> _Returned:
                v = only(env)
                if v.__class__ is float and v - v != 0:
                    nonfinite(v)
                return _Returned(v)

            ret1.values = values  # type: ignore[attr-defined]
            return ret1

        def ret(env: Env) -> _Returned:
            return _Returned(tuple(v(env) for v in values))

        ret.values = values  # type: ignore[attr-defined]
        return ret

    def s_TextStatement(self, node: ir.TextStatement) -> Exec | None:
        if node.kind == "remark":
            return None  # a \Statex note to the reader: nothing to run
        written = _loop_word(node.text)
        if written == "pass":
            return None  # Python's pass, as latexify prints it: nothing to run
        signal = _LOOP_WORDS.get(written)
        if signal is not None:
            if not self.loops:
                raise LocatedError(NotExecutable, node.span, message=f"{signal.word} outside a loop")
            return lambda env: signal
        found = self._find_binding(node.text, node)
        swapped = swap_of(node.text) if found is None else None
        pair = (
            [self.math(m) for m in swapped] if swapped is not None else self._exchange(node) if found is None else None
        )
        if pair is not None:  # "exchange A[i] with A[k]", "swap x and y", x ↔ y: (x, y) \gets (y, x)
            a, b = pair
            value = compile_expr(M.Tuple((b, a), span=node.span), self.ctx)
            store = compile_target(M.Tuple((a, b), span=node.span), self.ctx)
            span = node.span

            def swap(env: Env) -> None:
                names = store(env, value(env))
                for n in names:
                    env[TRACE_KEY].record(n, span, env[n])

            return swap
        if found is None and len(node.text.parts) == 1 and isinstance(node.text.parts[0], ir.Math):
            tree = self.math(node.text.parts[0])
            if isinstance(tree, M.String):
                return None  # a string on its own (a docstring, as latexify prints it) does nothing
            if isinstance(tree, (M.Call, M.Apply)):
                fn = compile_expr(tree, self.ctx)

                def call_only(env: Env) -> None:
                    fn(env)

                return call_only
        return self.text_binding(node.text, node, want_value=False)

    def _exchange(self, node: ir.TextStatement) -> list[M.MathNode] | None:
        r"""The sides of ``x \leftrightarrow y`` standing alone as a statement: an exchange, as pivoting writes it."""
        parts = [p for p in node.text.parts if not (isinstance(p, str) and not p.strip())]
        if len(parts) != 1 or not isinstance(parts[0], ir.Math) or not _EXCHANGE.search(parts[0].latex):
            return None
        tree = self.math(parts[0])
        if isinstance(tree, M.Rel) and len(tree.rest) == 1 and tree.rest[0][0] == "iff":
            return [tree.first, tree.rest[0][1]]
        return None

    def s_Print(self, node: ir.Print) -> Exec:
        parts = [self.expr(m) for m in node.text.math]

        def print_(env: Env) -> None:
            env[TRACE_KEY].count("print")
            for p in parts:
                p(env)

        return print_

    def s_CallStmt(self, node: ir.CallStmt) -> Exec:
        args = [self.expr(a) for a in node.args]
        name = node.name

        def call(env: Env) -> None:
            fn = env.get(name)
            if not callable(fn):
                raise LocatedError(
                    EvaluationFailed, node.span, message=f"\\Call of {name}, which is not a function here"
                )
            env[TRACE_KEY].count("call:" + name)
            fn(*(a(env) for a in args))

        return call

    def s_IfBlock(self, node: ir.IfBlock) -> Exec:
        arms = [(self.cond(b.cond, b) if b.cond is not None else None, self.block(b.body)) for b in node.branches]

        def if_(env: Env) -> Any:
            for test, body in arms:
                if test is None or _truth(test, env, node):
                    return body(env)
            return None

        return if_

    def s_WhileBlock(self, node: ir.WhileBlock) -> Exec:
        test, body = self.cond(node.cond, node), self.loop_body(node.body)
        tick = _ticker(node)

        def while_(env: Env) -> Any:
            on_step = env["$on_step"]
            while _truth(test, env, node):
                tick(env)
                r = body(env)
                if r is not None:
                    if r is _BREAK:
                        break
                    if r is not _CONTINUE:
                        return r
                if on_step is not None:  # the header again, before its test: a breakpoint there stops each pass
                    on_step(node, env, env[TRACE_KEY])
            return None

        return while_

    def s_RepeatUntil(self, node: ir.RepeatUntil) -> Exec:
        test, body = self.cond(node.cond, node), self.loop_body(node.body)
        tick = _ticker(node)

        def repeat(env: Env) -> Any:
            while True:
                tick(env)
                r = body(env)
                if r is not None:
                    if r is _BREAK:
                        return None
                    if r is not _CONTINUE:
                        return r
                if _truth(test, env, node):
                    return None

        return repeat

    def s_UserBlock(self, node: ir.UserBlock) -> Exec:
        """A block the paper defines: a do-while (``\\Do`` … ``\\doWhile{cond}``) runs; any other is refused.

        The shape is read from the definition's names: a closer spelt ``…while``/``…until``
        with one argument after a body. Anything else would be a guess, so it is AV308 at the
        block (its body would otherwise be skipped without a word).
        """
        closer = (node.closer or "").lstrip("\\").lower()
        if len(node.closer_args) == 1 and closer.endswith(("while", "until")):
            test, body, tick = self.cond(node.closer_args[0], node), self.loop_body(node.body), _ticker(node)
            until = closer.endswith("until")

            def do_while(env: Env) -> Any:
                while True:
                    tick(env)
                    r = body(env)
                    if r is not None:
                        if r is _BREAK:
                            return None
                        if r is not _CONTINUE:
                            return r
                    if _truth(test, env, node) == until:
                        return None

            return do_while
        raise LocatedError(
            NotExecutable,
            node.span,
            message=f"{node.opener} … {node.closer or ''} is a block the paper defines; its meaning is not known",
        )

    def s_LoopBlock(self, node: ir.LoopBlock) -> Exec:
        body, tick = self.loop_body(node.body), _ticker(node)

        def loop(env: Env) -> Any:
            while True:
                tick(env)
                r = body(env)
                if r is not None:
                    if r is _BREAK:
                        return None
                    if r is not _CONTINUE:
                        return r

        return loop

    def s_ForRange(self, node: ir.ForRange) -> Exec:
        var = identifier(self.math(node.var))
        if var is None:
            raise LocatedError(NotExecutable, node.var.span, message=f"{node.var.latex} is not a loop variable")
        start, stop, body, tick = self.expr(node.start), self.expr(node.stop), self.loop_body(node.body), _ticker(node)
        # how it counts: an explicit step, a written second term, downto, else the written
        # direction (math.ranges), upward when the bounds do not tell
        explicit = self.expr(node.step) if node.step is not None else None
        second = self.expr(node.second) if node.second is not None else None
        down = node.direction == "down"
        fixed = -1 if down else self.directions.get(id(node)) or UPWARD

        def stride(env: Env, a: int) -> int:
            if explicit is not None:
                k = _integer(explicit(env), node.step)
            elif second is not None:
                k = _integer(second(env), node.second) - a
            else:
                return fixed
            if k == 0:
                where = node.step if node.step is not None else node.second
                raise LocatedError(EvaluationFailed, where.span, message="the range's step is 0: it would never end")
            return -abs(k) if down else k

        def for_(env: Env) -> Any:
            a, b = _integer(start(env), node.start), _integer(stop(env), node.stop)
            step = stride(env, a)
            on_step = env["$on_step"]
            for i in range(a, b + (1 if step > 0 else -1), step):
                if on_step is not None and i != a:  # the header again, before each further pass
                    on_step(node, env, env[TRACE_KEY])
                tick(env)
                env[var] = i
                r = body(env)
                if r is not None:
                    if r is _BREAK:
                        break
                    if r is not _CONTINUE:
                        return r
            return None

        return for_

    def s_ForAll(self, node: ir.ForAll) -> Exec:
        if node.var is None or node.iterable is None:
            raise LocatedError(NotExecutable, node.span, message="\\ForAll header names no \\(x \\in S\\)")
        store = compile_target(self.math(node.var), self.ctx)
        items, body, tick = self.expr(node.iterable), self.loop_body(node.body), _ticker(node)

        def for_all(env: Env) -> Any:
            on_step = env["$on_step"]
            seq = items(env)
            # a copy, so the body may change the set it runs over; a range is immutable and lazy
            for k, x in enumerate(seq if type(seq) is range else list(seq)):
                if on_step is not None and k:  # the header again, before each further pass
                    on_step(node, env, env[TRACE_KEY])
                tick(env)
                store(env, x)
                r = body(env)
                if r is not None:
                    if r is _BREAK:
                        break
                    if r is not _CONTINUE:
                        return r
            return None

        return for_all

    def s_Function(self, node: ir.Function) -> Exec:
        if node.name not in self.own:
            compile_function(node, self, self.scopes.get(node.name))
        fn = self.own[node.name]

        def define(env: Env) -> None:
            env[node.name] = fn

        return define

    # English

    def _find_binding(self, text: ir.Text, node: ir.Node) -> tuple[str, Binding] | None:
        line = self.locate(node.span.start)[0] if self.locate else None
        return self.bindings.find(text.plain, line)

    def text_binding(self, text: ir.Text, node: ir.Node, *, want_value: bool) -> Callable[[Env], Any]:
        found = self._find_binding(text, node)
        ctx = self.ctx
        if found is None and _REPORTS_FAILURE.search(text.plain):
            # "report that the method failed after N_0 iterations" (Burden–Faires' OUTPUT … STOP): the
            # run ends there, as one that gives up; a claim about what it finds is false for those inputs
            said = text.plain

            def gives_up(env: Env) -> Any:
                raise LocatedError(DidNotTerminate, node.span, reason=f"the listing reports failure: {said}")

            return gives_up
        if found is None:
            self.unbound_text.append((node.span, text.plain))

            def unbound(env: Env) -> Any:
                raise LocatedError(UnboundText, node.span, text=text.plain)

            return unbound
        key, fn = found

        def bound(env: Env) -> Any:
            env[TRACE_KEY].count(f"binding:{key}")
            try:
                result = fn(StepContext(env, node, ctx))
            except LocatedError:
                raise
            except Exception as exc:  # the binding is user code: report it at the statement
                raise LocatedError(
                    EvaluationFailed, node.span, message=f"binding {key!r} failed: {type(exc).__name__}: {exc}"
                ) from exc
            if not want_value:
                if isinstance(result, dict):
                    for name, value in result.items():
                        StepContext(env, node, ctx)[name] = value
                return None  # a statement's binding returns nothing a block would take for a signal
            return result

        return bound


#: statements that hold others: their hits count entries, and a statement inside reports its own errors
_BLOCKS = (ir.WhileBlock, ir.ForRange, ir.ForAll, ir.RepeatUntil, ir.LoopBlock, ir.IfBlock, ir.Function, ir.UserBlock)


def pause(env: Env, seconds: float) -> None:
    """Move the run's deadline ``seconds`` later: time a debugger spent at its prompt is not the run's."""
    env["$deadline"] += seconds
    current = _RUN.get()
    if current is not None:
        trace, budget, deadline = current
        _RUN.set((trace, budget, deadline + seconds))  # undone with the rest when the run resets it


def _own_maths(node: ir.Node) -> Iterator[ir.Math]:
    """The math of a statement itself: a block's header, not the statements in its body, nor comments."""
    for child in ir.iter_children(node):
        if isinstance(child, ir.Math):
            yield child
        elif isinstance(child, ir.Node) and not isinstance(child, (ir.Comment, ir.Function)) and not is_step(child):
            yield from _own_maths(child)


def is_step(node: ir.Node) -> bool:
    """True for the statements a run reports to ``on_step`` (a stepper's stopping places)."""
    if isinstance(node, ir.TextStatement):
        return node.kind != "remark"
    return not isinstance(node, ir.Function) and hasattr(_Compiler, "s_" + type(node).__name__)


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
            raise LocatedError(EvaluationFailed, span, message=f"out of memory: {exc}") from exc
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
    if np.ndim(value) != 0:
        raise LocatedError(EvaluationFailed, node.span, message="the condition is an array, not a truth value")
    return bool(value)


def _integer(value: Any, m: ir.Math) -> int:
    if isinstance(value, (int, np.integer)) or (isinstance(value, (float, np.floating)) and float(value).is_integer()):
        return int(value)
    raise LocatedError(EvaluationFailed, m.span, message=f"loop bound {m.latex} = {value!r} is not an integer")


def _ticker(node: ir.Node) -> Callable[[Env], None]:
    span = node.span

    def tick(env: Env) -> None:
        trace = env[TRACE_KEY]
        budget = env["$budget"]
        if trace.steps >= budget.max_steps:  # counted once a pass starts: the steps are the passes that ran
            raise LocatedError(
                DidNotTerminate, span, reason=f"the loop ran past the budget of {budget.max_steps} iterations"
            )
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


def _callable(program: Program) -> Callable[..., Any]:
    """A listing function as a Python callable: each call starts from fresh variables.

    Called inside a run, it shares that run's trace, budget and deadline; its nesting is
    counted against ``Budget.max_depth`` (the statement making the call too many reports it).
    """

    def call(*args: Any, **kwargs: Any) -> Any:
        inputs = dict(zip(program.inputs, args))
        inputs.update(kwargs)
        current = _RUN.get()
        if current is None:
            value, _ = program.run(inputs)
            return value
        trace, budget, deadline = current
        if trace.depth >= budget.max_depth:
            raise _TooDeep
        trace.depth += 1
        try:
            value, _ = program.run(inputs, budget=budget, trace=trace, deadline=deadline)
        finally:
            trace.depth -= 1
        return value

    call.__name__ = program.outputs[0] if program.outputs else "listing"
    return call


#: an English statement that ends the run as a failure: "report that the method failed", "output 'no convergence'"
_REPORTS_FAILURE = re.compile(
    r"^\s*(?:report|output|print|signal|declare|return|stop)\b.*\b(?:fail(?:ed|s|ure)?|no convergence|did not converge|"
    r"does not converge|diverge[sd]?|unsuccessful)\b",
    re.I,
)


def compile_function(
    node: ir.Function, parent: _Compiler, scope: Scope | None = None, outer: InputSpec | None = None
) -> Program:
    """Compile a ``\\Function`` block: its parameters are its inputs; it joins the listing's scope.

    ``scope`` is the function's free reads (:mod:`.scope`); ``outer`` what the listing declares
    around it (its ``\\Require``, for the entry function); the note's declarations
    (``parent.context``) bind what neither does.
    """
    params = []
    for tree in join_families([parent.parse(p) for p in node.params]):
        if isinstance(tree, M.Range) and read_family(tree) is not None:  # y_1, \dots, y_M: the list y
            params.append(read_family(tree).name)  # type: ignore[union-attr]
            continue
        # a parameter is a name, never a product: `iterations`, `x1` as latexify prints them
        name = identifier(tree) or word(tree)
        if name is None:
            raise LocatedError(NotExecutable, tree.span, message=f"parameter {parent.written(tree)} is not a name")
        params.append(name)
    if scope is None:
        scope = Scope(node.name, node, params=tuple(params))
    own = own_declarations(scope, outer or InputSpec(), parent.parse, parent.locate)
    names = resolve(scope, own, parent.context)
    declarations = names.declarations
    extra = [n for n in names.extra_inputs if n not in params]
    ctx = dataclasses.replace(
        parent.ctx,
        views={},
        declared=assigned_names(node.body, parent.parse)
        | set(params)
        | bound_names(declarations)
        | set(extra)
        | {n for n, _ in names.definitions},
        dims={},
        guard=False,
        sequences=frozenset(scope.stored_by_index),
        imaginary=names.imaginary,
        constant_letters=constant_letters(scope),
        labels=frozenset(scope.labels),
    )
    sub = _Compiler(
        ctx,
        parent.bindings,
        parent.locate,
        parent.spans,
        parent.own,
        parent.scope,
        parse=renaming(parent.parse, names),
        context=parent.context,
        scopes=parent.scopes,
        unbound_text=parent.unbound_text,
        zero_vectors=names.zero_vectors,
        filled=names.filled,
        identities=names.identities,
        directions=parent.directions,
    )
    outputs = output_names(node.body, parent.parse)
    program = Program(
        sub.block([]),
        tuple(params + extra),
        outputs,
        dict(declarations.families),
        node.span,
        parent.scope,
        ctx,
        sub.spans,
    )
    program.declarations, program.names = declarations, names
    program.free = frozenset(scope.reads)
    program.defined = defined(names, ctx)
    program.pads = pads(declarations, ctx)
    install_views(names, ctx)
    program.__post_init__()
    # registered before its body is compiled: the body may call the function itself
    parent.own[node.name] = parent.scope[node.name] = _callable(program)
    program.body = sub.block(node.body)
    program._size_sources()
    return program


def compile_program(
    algorithm: ir.Algorithm,
    *,
    bindings: Bindings | None = None,
    locate: Callable[[int], tuple[int, int]] | None = None,
    functions: dict[str, Callable[..., Any]] | None = None,
    index_base: int = 1,
    text: str | None = None,
    exact: bool = False,
    context: InputSpec | None = None,
) -> Program:
    """Compile a listing into a :class:`Program`.

    A listing made of ``\\Function``/``\\Procedure`` blocks (with only comments and conditions
    beside them) runs its entry function (see :func:`~algoverify.running.signature.entry_of`): its
    parameters are the inputs, and the functions call each other (and themselves) by name.
    Otherwise the inputs are the ``\\Require``/``\\Input`` symbols. Either way, a name the
    listing reads and does not bind is bound from ``context``, what the note declares around it
    (the prose, the spec: :mod:`.symbols`). ``functions`` are the note's other listings, callable
    by name. ``text`` is the note the listing's spans index: messages quote the author's LaTeX
    from it. ``exact``: evaluate exactly (:mod:`algoverify.math.exact`: rationals and their
    roots); the inputs must be given exactly (:func:`~algoverify.math.exact.to_exact`).
    """
    bindings = bindings or Bindings()
    body = [n for n in algorithm.body if not isinstance(n, (ir.Comment,))]
    funcs = [n for n in body if isinstance(n, ir.Function)]
    others = [n for n in body if not isinstance(n, (ir.Function, ir.Condition))]
    own: dict[str, Callable[..., Any]] = {}
    # A listing's own comparisons are exact IEEE comparisons: `\\If{x = y}` is false for different
    # numbers. Tolerances belong to checks (`compare:`, `holds:`), which declare them.
    ctx = Context(guard=False, rtol=0.0, atol=0.0, index_base=index_base, text=text, exact=exact)
    words = listing_words(algorithm)

    by_prose = context.functions if context is not None else {}

    def parse(m: ir.Math) -> M.MathNode:
        return inline_definitions(join_words(parse_segment(m), words), by_prose)

    # the note's other listings as they are now (a listing compiles on first use, after its note
    # is loaded), then this listing's own functions, added as they compile
    compiler = _Compiler(
        ctx,
        bindings,
        locate,
        own=own,
        scope=dict(functions or {}),
        parse=parse,
        context=context or InputSpec(),
        directions=range_directions(algorithm, parse),
    )
    by_scope = {s.function: s for s in scopes(algorithm, parse, known=set(functions or {}))}
    compiler.scopes = by_scope
    outer = declared_inputs(algorithm.body, parse, locate)
    if funcs and not others:
        entry = entry_of(funcs)
        # `\Input array $x$ of length $n$` beside `\Procedure{Max}{$x$}`: the declarations made
        # around the function describe its parameters (sizes, preconditions)
        programs = {f.name: compile_function(f, compiler, by_scope.get(f.name), outer) for f in funcs}
        program = programs[entry.name]
        program.entry, program.own = entry.name, own
        program.unbound_text = tuple(compiler.unbound_text)
        return program
    names = resolve(by_scope[None], outer, compiler.context)
    declarations = names.declarations
    inputs = declarations.names
    compiler.ctx.declared = assigned_names(algorithm.body, parse) | set(inputs) | bound_names(declarations)
    compiler.ctx.declared |= {n for n, _ in names.definitions}
    compiler.ctx.sequences = frozenset(by_scope[None].stored_by_index)
    compiler.ctx.imaginary = names.imaginary
    compiler.ctx.constant_letters = constant_letters(by_scope[None])
    compiler.ctx.labels = frozenset(by_scope[None].labels)
    compiler.parse = renaming(parse, names)
    compiler.zero_vectors, compiler.filled, compiler.identities = names.zero_vectors, names.filled, names.identities
    install_views(names, compiler.ctx)
    run = compiler.block(algorithm.body)
    outputs = output_names(body, parse)
    program = Program(
        run,
        tuple(inputs),
        outputs,
        dict(declarations.families),
        algorithm.span,
        compiler.scope,
        compiler.ctx,
        compiler.spans,
    )
    program.own, program.declarations, program.names = own, declarations, names
    program.free = frozenset(by_scope[None].reads)
    program.defined = defined(names, compiler.ctx)
    program.pads = pads(declarations, compiler.ctx)
    program.unbound_text = tuple(compiler.unbound_text)
    program.__post_init__()
    return program


def read_signature(
    algorithm: ir.Algorithm,
    *,
    locate: Callable[[int], tuple[int, int]] | None = None,
    functions: dict[str, Callable[..., Any]] | None = None,
    context: InputSpec | None = None,
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """``(inputs, outputs)`` as :func:`compile_program` names them, without compiling a statement.

    A listing with a statement that cannot compile (``\\foo``) still has a signature: what it
    declares and returns. Raises :class:`LocatedError` only when the declarations themselves
    do not read.
    """
    words = listing_words(algorithm)
    by_prose = context.functions if context is not None else {}

    def parse(m: ir.Math) -> M.MathNode:
        return inline_definitions(join_words(parse_segment(m), words), by_prose)

    body = [n for n in algorithm.body if not isinstance(n, ir.Comment)]
    funcs = [n for n in body if isinstance(n, ir.Function)]
    others = [n for n in body if not isinstance(n, (ir.Function, ir.Condition))]
    by_scope = {s.function: s for s in scopes(algorithm, parse, known=set(functions or {}))}
    outer = declared_inputs(algorithm.body, parse, locate)
    if funcs and not others:
        entry = entry_of(funcs)
        params = []
        for tree in join_families([parse(p) for p in entry.params]):
            family = read_family(tree) if isinstance(tree, M.Range) else None
            params.append(family.name if family is not None else identifier(tree) or word(tree) or "?")
        scope = by_scope.get(entry.name) or Scope(entry.name, entry, params=tuple(params))
        names = resolve(scope, own_declarations(scope, outer, parse, locate), context or InputSpec())
        inputs = tuple(params + [n for n in names.extra_inputs if n not in params])
        return inputs, output_names(entry.body, parse)
    names = resolve(by_scope[None], outer, context or InputSpec())
    return tuple(names.declarations.names), output_names(body, parse)


def parse(latex: str) -> ir.Algorithm:
    """Parse a block of LaTeX (an ``algorithm``/``algorithmic`` environment or bare statements)."""
    from ..syntax.build import parse_algorithm

    return parse_algorithm(latex, Span(0, len(latex)))
