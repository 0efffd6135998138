"""A compiled listing: :class:`Program`, run with the inputs, and a listing function as a Python callable.

:meth:`Program.run` owns the inputs (numeric lists become float arrays), sizes the free
dimensions from them, runs the compiled body within the budget and returns the outputs as a
reader expects them (a sequence as its array, a NumPy scalar as a Python number) with the trace.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, Callable

import numpy as np

from ..findings import BadInput, LocatedError, PreconditionViolated
from ..math.exact import to_exact
from ..math.numeric import TRACE_KEY, Context, _infer_dim
from ..math.ops import FP_RAISE, FP_STATE, Sequence, Written, raise_on_fp_errors, whole_numbers, written_array
from ..source import Span
from ..syntax import ir
from . import recording
from .conventions import numbered_from, ordered_from_sample, padded, variant, with_fixed
from .declarations import InputSpec
from .inputs import bind_sizes, check_conditions, check_entry, tested_on_entry
from .runstate import _RUN, Budget, Env, Exec, Trace, _Returned, _TooDeep
from .symbols import Resolution


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
    #: families numbered from below the listing's base (``q_0`` in a listing that counts from 1): their first index
    lowered: tuple[tuple[str, int], ...] = ()
    #: families numbered from a formula (``u_{k+1}, \dots, u_N``): name, its first and last index, evaluated on entry
    starts: tuple[tuple[str, Any, Any, Any], ...] = ()
    #: sequences whose members are each computed from a given start (``[A]_j \gets [A]_0 e^{-k t_j}``): the
    #: start is read, never returned; of a recurrence (``x_{k+1} \gets x_k / 2``) it is a member
    direct: frozenset[str] = frozenset()
    #: a listing with no ``\Return`` that updates an input in place (``A_i \leftrightarrow A_{i+1}``): that input,
    #: whose final value is what the run gives (CLRS's Insertion-Sort(A) sorts A)
    in_place: str | None = None
    #: what a function of the listing shares with its caller: the names it reads and does not take
    #: (Kuhn's Augment(u) reads its caller's n, A, mate and seen; CLRS's DFS-Visit its caller's
    #: colours). A call passes the caller's values in and takes the stores back.
    shared: frozenset[str] = frozenset()
    #: of those, the ones it stores into by index, or reads and then sets whole (the time t \gets t + 1):
    #: they go back to the caller
    shared_stored: frozenset[str] = frozenset()
    #: parameters of a listing function it stores into by entry: the caller's array, updated (passed by reference)
    by_reference: frozenset[str] = frozenset()
    #: what its statements read that no math names (the graph's matrix of "each neighbour w of u"):
    #: the entry of a listing whose procedure reads it takes it, as a run of that procedure needs it
    implied: frozenset[str] = frozenset()

    #: parameters the note defines as a tuple of names (``G = (V, E)``) and the body reads only through
    #: its parts (``V[G]``): a call may leave them out
    by_parts: frozenset[str] = frozenset()
    #: each loop's test as math with its context, by the loop's start (:mod:`.recording` plots its sides)
    tests: dict[int, tuple[Any, Context]] = field(default_factory=dict)

    @property
    def sizes(self) -> tuple[str, ...]:
        """The sizes a run also accepts (``n`` of ``x \\in \\mathbb{R}^{n}``), else binds from the inputs' shapes."""
        return tuple(sorted(set(self.declarations.sizes) | set(self.families.values())))

    def __post_init__(self) -> None:
        self._accepted = (
            frozenset(self.inputs) | frozenset(self.families.values()) | frozenset(self.declarations.sizes) | self.free
        )
        self._inputs_set = frozenset(self.inputs) - self.by_parts
        self._families = tuple(self.families.items())
        # what a call binds beyond its inputs, found once: most listings have none of it, and
        # every trial's call walked each declaration to learn so
        declarations = self.declarations
        self._entry = tested_on_entry(declarations)
        self._parts = tuple((d.name, d.columns, d.rows) for d in declarations.inputs if d.columns or d.rows)
        self._declared = bool(declarations.inputs or declarations.conditions)
        #: arrays the note says hold integers (c_0, …, c_m ∈ ℤ): their entries are whole numbers, never floats
        self._integers = tuple(d.name for d in declarations.inputs if d.domain in ("natural", "integer"))
        self._size_sources()

    def _compounds(self) -> frozenset[str]:
        """The names the body reads as names (``A_inv`` of ``A^{-1}``), found once its compiling is done."""
        held = self.__dict__.get("_compound_names")
        if held is None:
            held = self.__dict__["_compound_names"] = frozenset(self.ctx.declared)
        return held

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
        budget: Budget = Budget(),  # noqa: B008 - a frozen dataclass (imported, so ruff cannot tell)
        trace: Trace | None = None,
        deadline: float | None = None,
        shared: dict[str, Any] | None = None,
    ) -> tuple[Any, Trace]:
        """Execute with ``inputs``; return ``(outputs, trace)`` or raise :class:`LocatedError`.

        ``deadline`` (a ``perf_counter`` time) is the caller's, for a call of a listing function:
        the time budget is the whole run's, not renewed per call; ``shared`` the caller's values
        of the names the function shares with it (:attr:`shared`).
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
        try:
            env = self._bind_inputs(inputs)
        except LocatedError as exc:
            if trace.depth and exc.rule is PreconditionViolated:
                # a call inside the listing broke its callee's precondition: the listing's own fault,
                # never a draw to skip (the caller's inputs held the listing's preconditions)
                exc.details = {**exc.details, "inside": True}
            raise
        if shared:
            env.update(shared)  # the caller's mate, seen …: this call stores into them, the caller takes them back
        env[TRACE_KEY] = trace
        env["$budget"] = budget
        env["$deadline"] = deadline = deadline if deadline is not None else time.perf_counter() + budget.max_seconds
        env["$program"] = self
        env["$on_step"] = self.on_step
        token = _RUN.set((trace, budget, deadline))
        trace.frames.append(env)
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
            trace.frames.pop()
        trace.finished = env
        bare = type(returned) is _Returned and (
            returned.value is None or returned.value.__class__ is tuple and not returned.value
        )
        if type(returned) is not _Returned or (bare and self.in_place is not None):
            # no \Return, or a bare one, in a procedure that updates an input: that input is what it gives
            if self.in_place is not None and self.in_place in env:
                return _output(env[self.in_place]), trace
            return None, trace
        value = returned.value
        if type(value) is tuple:
            return tuple(_output(v) for v in value), trace
        return _output(value), trace

    def bound_inputs(self, inputs: dict[str, Any], *, preconditions: bool = True) -> Env:
        """The inputs as a run binds them: with the sizes they imply (``n`` from ``x``), columns, families.

        Raises :class:`LocatedError` as a run would (an unknown input, a violated precondition).
        ``preconditions=False`` leaves the note's preconditions untested: ``lint`` binds one draw
        to learn whether a check gives every input, whatever the draw's values.
        """
        bound = self._bind_inputs(dict(inputs), preconditions=preconditions)
        return {k: v for k, v in bound.items() if k not in self.functions}

    def family_sizes(self, given: dict[str, Any]) -> dict[str, int]:
        """The sizes the families in ``given`` imply (``n`` of ``b_0, …, b_n``), as a run binds them.

        A call per trial (``as: C``) binds nothing itself: a formula beside it that reads ``b_n`` takes
        ``n`` from the family the trial drew, the same number each call's run binds.
        """
        return {
            size: self._family_size(family, value)
            for family, size in self._families
            if (value := given.get(family)) is not None and size not in given and hasattr(value, "__len__")
        }

    def _family_size(self, family: str, value: Any) -> int:
        written = self.declarations.written.get(family)
        # k of B_1, …, B_k is the family's length; n of x_0, …, x_n one less
        return len(value) - (written.offset if written is not None else 0)

    def _spelled(self, name: str, inputs: dict[str, Any]) -> str:
        """``name``, or its other spelling when that is the one the listing takes (``epsilon``, ``varepsilon``)."""
        other = variant(name)
        if name in self._accepted or other is None or other not in self._accepted or other in inputs:
            return name
        return other

    def _rows_of_capitals(self, inputs: dict[str, Any]) -> dict[str, Any]:
        """``--set B=…`` for a listing that takes the points ``b_0, \\dots, b_n``: B's rows, as a check binds them."""
        out = dict(inputs)
        for family in set(self.families) & set(self.inputs) - set(inputs):
            capital = family[:1].upper() + family[1:]
            if capital != family and capital not in self._accepted and np.ndim(inputs.get(capital)) == 2:
                out[family] = out.pop(capital)
        return out

    def _bind_inputs(self, inputs: dict[str, Any], *, preconditions: bool = True) -> Env:
        if not inputs.keys() <= self._accepted:  # --set epsilon=… for a listing that writes \varepsilon
            inputs = {self._spelled(n, inputs): v for n, v in inputs.items()}
            inputs = ordered_from_sample(inputs, self._accepted)  # --set p=… for p_{(1)} \le \dots \le p_{(m)}
            inputs = self._rows_of_capitals(inputs)
        if not inputs.keys() <= self._accepted:
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
        disagreement: LocatedError | None = None
        for family, size in self._families:
            if family in env and size not in env:
                if not hasattr(env[family], "__len__"):
                    raise LocatedError(
                        BadInput,
                        self.span,
                        message=f"{family} is a family ({family}_1, …, {family}_{size}): it takes a list of values, "
                        f"got the single value {env[family]!r}",
                    )
                env[size] = self._family_size(family, env[family])
            elif family in env and size in inputs and size not in self.inputs and hasattr(env[family], "__len__"):
                # --set n=3 with five entries: "a_1, …, a_n" says n is their count, as a shape's size is checked
                # (said once the inputs are all there: a missing one is the first thing to mend); never a size
                # the function takes as a parameter of its own: SiftDown(a, i, m) sifts a prefix
                implied = self._family_size(family, env[family])
                if _whole(inputs[size]) != implied and disagreement is None:
                    message = f"{size} = {inputs[size]} was given, but {family} has {len(env[family])} members"
                    disagreement = LocatedError(BadInput, self.span, message=message)
            elif (
                family in inputs
                and size in env
                and size not in inputs
                and hasattr(env[family], "__len__")
                and disagreement is None
            ):
                # weights w_1, …, w_n and values v_1, …, v_n: the second family given has the first's n members
                implied = self._family_size(family, env[family])
                if implied is not None and _whole(env[size]) is not None and implied != _whole(env[size]):
                    first = next((f for f, s in self._families if s == size and f != family and f in inputs), size)
                    message = (
                        f"{family} has {len(env[family])} members, which make {size} = {implied}, but {first} "
                        f"makes {size} = {env[size]}: the note sizes both by {size}"
                    )
                    disagreement = LocatedError(BadInput, self.span, message=message)
        if self._declared:
            if declarations.sizes:
                # n found from a family (a_2, …, a_n), not given: said so when a shape disagrees with it
                made = {
                    size: f"{family} has {len(env[family])} members, which make {size} = {env[size]}"
                    for family, size in self._families
                    if family in env and size in env and size not in inputs and hasattr(env[family], "__len__")
                }
                bind_sizes(declarations, env, self.span, made)
            for name, columns, rows in self._parts:
                if name not in env:
                    continue
                if columns and np.ndim(env[name]) == 2:
                    env.setdefault(columns, np.transpose(env[name]))  # a_j is column j of A
                if rows:
                    env.setdefault(rows, env[name])  # x_i is row i of X (c_{ij} of C is renamed when compiled)
        for name in self._integers:
            value = env.get(name)
            if type(value) is np.ndarray and value.ndim and value.dtype.kind == "f":
                env[name] = _whole_entries(value, inputs.get(name))
        undefined: LocatedError | None = None
        for name, value in self.defined:
            if name not in env:
                try:
                    env[name] = value(env)  # V = {1, …, n}, as the prose defines it (s ∈ V is checked next)
                except LocatedError as exc:
                    undefined = undefined or exc
        if preconditions and self._entry:
            # a draw the note's assumptions exclude (A of full column rank, drawn 0) is that, whatever a
            # definition makes of it (η = 1 / λ_max(AᵀA) has no value at A = 0)
            try:
                check_entry(declarations, env, self.ctx.index_base, self._entry)
            except LocatedError:
                raise
            except Exception:  # noqa: BLE001 - a precondition that reads the definition that failed
                if undefined is None:
                    raise
        if undefined is not None:
            raise undefined
        for name, places in self.pads:
            if name in env:
                env[name] = padded(env[name], places)
        for name, first in self.lowered:
            if name in env:
                env[name] = numbered_from(env[name], first)
        for name, first, last, where in self.starts:
            if name in env:
                env[name] = _started(name, env[name], first, last, where, env)
        for name, members in declarations.fixed.items():
            if name in env:
                env[name] = with_fixed(env[name], members, self.ctx.index_base)
        if preconditions and declarations.conditions:
            # A^{-1} given as an input (Sherman–Morrison's A_inv) is that input in a precondition, as in the body
            check_conditions(declarations, env, self.ctx.index_base, self._compounds())
        names = self.names
        if names is not None and (names.seeds or names.sequences):
            seeded: set[str] = set()
            for member, base, key in names.seeds:
                if member in env and (base not in env or base in seeded):
                    # x_0 (and x_1, as the secant method takes them) given: the sequence x_k starts there
                    if base not in self.direct:
                        env[base] = Sequence({**(env[base] if base in seeded else {}), key: env[member]})
                    else:  # the initial concentration [A]_0 the sequence [A]_j is computed from, at each j
                        # Muller's p_0, p_1, p_2 before the p_3 it sets: every member given, not the last alone
                        before = env[base].given if base in seeded else {}
                        env[base] = Sequence()
                        env[base].given = {**before, key: env[member]}
                    seeded.add(base)
            for name in names.sequences:
                if name not in env:
                    # c_k \gets …: empty until its first store; the members the prose fixes ("u_0 = 0") are read
                    env[name] = Sequence()
                    if name in declarations.fixed:
                        env[name].given = dict(declarations.fixed[name])
        for name in self.by_parts:
            if name not in env:
                env[name] = ByParts(name)  # passed on to a procedure that reads its parts, as the entry does
        if not self._inputs_set.issubset(env):
            missing = [n for n in self.inputs if n not in env]
            raise LocatedError(
                BadInput, self.span, message=f"missing input(s) {', '.join(missing)}", details={"missing": missing}
            )
        if disagreement is not None:
            raise disagreement
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


class ByParts:
    """A parameter the note makes of its parts (``G = (V, E)``) and the listing reads only by them."""

    def __init__(self, name: str) -> None:
        self.name = name

    def __repr__(self) -> str:
        return f"{self.name} (given by its parts)"


_FLOAT = np.dtype(float)


def _output(value: Any) -> Any:
    """A returned value as a reader expects it: a sequence as its array, a NumPy scalar as a Python number."""
    if type(value) is np.ndarray:
        return value
    if isinstance(value, Sequence):
        value = value.to_array()
    if isinstance(value, Written) and value.given:
        # [A]_1, …, [A]_m made from the [A]_0 the note gives: what the listing computed
        return written_array(np.asarray(value)[value.given :], (value.first or 0) + value.given, axes=value.axes)
    if isinstance(value, np.generic):
        return value.item()
    return value


def _whole_entries(value: np.ndarray, given: Any) -> np.ndarray:
    """An array of integers the note declares as such, as integers (``u^{-1} \\bmod p`` of an entry is then modular).

    Entries that are not whole, or past what a float holds exactly, stay as they are, for the entry
    check to refuse.
    """
    if type(given) is np.ndarray and given.dtype.kind in "iu":
        return given  # the caller's integers, before they were made floats
    return whole_numbers(value)


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


def _callable(program: Program) -> Callable[..., Any]:
    """A listing function as a Python callable: each call starts from fresh variables.

    Called inside a run, it shares that run's trace, budget and deadline; its nesting is
    counted against ``Budget.max_depth`` (the statement making the call too many reports it).
    """

    def call(*args: Any, **kwargs: Any) -> Any:
        inputs = dict(zip(program.inputs, args))
        inputs.update(kwargs)
        current = _RUN.get()
        if current is None:  # called from outside a run: a run of its own, which a report may record
            trace = Trace()
            with recording.watching(program, trace):
                value, _ = program.run(inputs, trace=trace)
            return value
        trace, budget, deadline = current
        if trace.depth >= budget.max_depth:
            raise _TooDeep
        caller = trace.frames[-1] if trace.frames else None
        if caller is not None and len(inputs) < len(program.inputs) and program.names is not None:
            # \Call{Label}{\ell_v} of a function that reads the arrays \ell and r the note gives: the
            # recursive call reads the same arrays, as the caller has them
            for n in program.names.extra_inputs:
                if n not in inputs and n in caller:
                    inputs[n] = caller[n]
        shared = None
        if caller is not None and program.shared:
            given = {n: caller[n] for n in program.shared if n in caller and n not in inputs}
            inputs.update({n: v for n, v in given.items() if n in program._accepted})
            shared = {n: v for n, v in given.items() if n not in program._accepted}
        trace.depth += 1
        try:
            value, _ = program.run(inputs, budget=budget, trace=trace, deadline=deadline, shared=shared)
        finally:
            trace.depth -= 1
        if caller is not None and program.shared_stored:
            finished = trace.finished
            for n in program.shared_stored:
                if n in finished:
                    caller[n] = finished[n]  # mate_v \gets u in Augment is the caller's mate, as the book means
        if caller is not None and program.by_reference:
            _given_back(program, args, caller, trace.finished)
        return value

    call.__name__ = program.outputs[0] if program.outputs else "listing"
    call.program = program  # type: ignore[attr-defined]  # a \Call of an in-place procedure writes back
    return call


def _given_back(program: Program, args: tuple[Any, ...], caller: Env, finished: Env) -> None:
    r"""The arrays a call rearranged by entry, in the caller's variables that hold what it was given.

    ``q \gets \Call{Partition}{A, p, r}``: the exchanges inside are the caller's A's, as CLRS passes arrays.
    """
    for position, name in enumerate(program.inputs[: len(args)]):
        given = args[position]
        if name in program.by_reference and name in finished and isinstance(given, (np.ndarray, list)):
            for held in [k for k, v in caller.items() if v is given and not k.startswith("$")]:
                caller[held] = finished[name]


def _whole(value: Any) -> int | None:
    """``value`` as the whole number a size is, else ``None``."""
    if isinstance(value, (int, np.integer)) and not isinstance(value, bool):
        return int(value)
    if isinstance(value, (float, np.floating)) and float(value).is_integer():
        return int(value)
    return None


def _started(name: str, value: Any, first: Any, last: Any, where: Any, env: dict[str, Any]) -> Any:
    r"""``u`` numbered from its first index (``k + 1`` of ``u_{k+1}, \dots, u_N``), its length checked against it."""
    try:
        lo = first(env)
        hi = last(env)
    except (LocatedError, KeyError, TypeError, ValueError):
        return value  # an index of names not given yet: the run reads u as it comes
    if not (float(lo).is_integer() and float(hi).is_integer()) or np.ndim(value) != 1:
        return value
    count = int(hi) - int(lo) + 1
    if len(value) != count:
        message = (
            f"{name} has {len(value)} members, but {where.latex} has {count} ({name}_{int(lo)} to {name}_{int(hi)})"
        )
        raise LocatedError(BadInput, where.span, message=message)
    return numbered_from(np.asarray(value), int(lo))
