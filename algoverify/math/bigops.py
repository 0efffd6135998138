"""``\\sum``, ``\\prod``, ``\\max``, ``\\min``, ``\\arg\\max``, ``\\bigcup`` over an index or a set.

Part of :mod:`algoverify.math.numeric`, which passes its compiler in.
``\\frac{1}{d}\\sum_{i=1}^{d} (x_i - \\mu)^{2}`` becomes one NumPy reduction over
``(x[0:d] - mu)**2`` when, at run time, everything in the body that does not depend on ``i`` is
a scalar and the arrays indexed by ``i`` are vectors; otherwise the body runs once per index,
with ``i`` bound in the environment (and restored after). A body whose values are integers
always loops, over Python ints: ``\\prod_{i=1}^{n} i`` is exact, never a wrapped int64.

The subscript may also name a set or a condition: ``\\min_{x \\in S}``, ``\\max_{(u, v) \\in E}``
(each element unpacked), ``\\sum_{x \\in S, x > 0}``, ``\\sum_{j=1, j \\ne i}^{n}``,
``\\sum_{j \\ne i}``, ``\\arg\\min_{u : \\lnot \\mathit{seen}_u}``, ``\\max_{j \\notin S}``. An index
with no written range runs over the indices of the arrays the body and the conditions index by
it, in the listing's index base (:func:`index_range`: when there are none, or they disagree,
the note does not decide and it is ``AV308``). A set runs in its iteration order
(:class:`~algoverify.math.ops.FiniteSet`); ``\\arg\\max`` and ``\\arg\\min`` return the first
best element in that order (the first index on ties), and over nothing they, ``\\max`` and
``\\min`` are a located ``AV306``, never an index.

:func:`items_of`, :func:`binder`, :func:`save` and :func:`restore` are shared with the set-builder
and the quantifiers of :mod:`.numeric`.
"""

from __future__ import annotations

import math
import operator
from collections.abc import Mapping
from collections.abc import Set as AbstractSet
from contextvars import ContextVar, Token
from typing import Any, Callable, Iterable

import numpy as np

from ..findings import EvaluationFailed, LocatedError, NotExecutable, UnboundName
from . import mathexpr as M
from .functions import FUNCTIONS
from .latex import written
from .names import identifier
from .ops import EMPTY, MAX_TERMS, FiniteSet, OverBudget, Sequence, check_terms, ordered, power, shown_number, times
from .subscripts import nested, subscript

Env = dict[str, Any]
#: the expression compiler (:func:`algoverify.math.numeric.compile_expr`), passed in: it compiles
#: a big operator's bounds and body, and it dispatches big operators here
Compile = Callable[[M.MathNode, Any], Callable[[Env], Any]]

_ELEMENTWISE_FUNCS = {
    "exp",
    "log",
    "ln",
    "sin",
    "cos",
    "tan",
    "tanh",
    "sinh",
    "cosh",
    "sqrt",
    "abs",
    "sign",
    "sigmoid",
    "relu",
}
_REDUCE: dict[str, Callable[[Any], Any]] = {
    "sum": np.sum,
    "prod": np.prod,
    "max": np.max,
    "min": np.min,
    "argmax": lambda a: int(np.argmax(a)) + 1,
    "argmin": lambda a: int(np.argmin(a)) + 1,
}


#: reductions of a body's values into a set (``\bigcup_{v \in S} N_v``); always looped
_SET_KINDS = ("bigcup", "bigcap")


class _Fallback(Exception):
    """The body is not elementwise for these values: loop instead."""


_MISSING = object()


# --- shared with the set-builder and the quantifiers ------------------------------------------


def whole(x: Any) -> int | None:
    """``x`` as a Python ``int`` when it is a whole number (an int, a finite float with no fraction), else ``None``."""
    if type(x) is int:
        return x
    if isinstance(x, (int, np.integer)):
        return int(x)
    if isinstance(x, (float, np.floating)):
        return int(x) if math.isfinite(x) and float(x).is_integer() else None
    if isinstance(x, np.ndarray) and x.ndim == 0:
        return whole(x.item())
    return None


def items_of(value: Any, where: M.MathNode, ctx: Any) -> Iterable[Any]:
    """The elements a bound variable runs over, in the documented order.

    A set in its iteration order (:class:`~algoverify.math.ops.FiniteSet`: sorted, else first
    added; a Python ``set`` is taken as one), a map's keys, a list's or a vector's entries in
    order. An interval of reals or a number set raises its own located error when listed.
    """
    if type(value) is FiniteSet:
        return value
    if isinstance(value, AbstractSet):
        return FiniteSet(value)
    if isinstance(value, np.ndarray):
        if value.ndim == 1:
            return value.tolist()
        raise LocatedError(
            EvaluationFailed,
            where.span,
            message=f"{_said(ctx, where)} is a {_kind(value)[2:] if value.ndim else 'scalar'}, not a set to run over",
        )
    if isinstance(value, Sequence):
        raise LocatedError(
            EvaluationFailed,
            where.span,
            message=f"{_said(ctx, where)} is a sequence (x_k): run over its indices or its values? Write the set",
        )
    if isinstance(value, Mapping):
        return list(value)
    if isinstance(value, (list, tuple, range)):
        return value
    if not isinstance(value, (str, bytes)) and hasattr(type(value), "__iter__"):
        return list(value)  # an interval of reals or a number set raises its own located error here
    raise LocatedError(
        EvaluationFailed, where.span, message=f"{_said(ctx, where)} is {_kind(value)}, not a set to run over"
    )


def _said(ctx: Any, node: M.MathNode) -> str:
    """``node`` as its author wrote it, for a message (``ctx`` is :class:`~algoverify.math.numeric.Context`)."""
    return written(node, getattr(ctx, "text", None))


def _kind(value: Any) -> str:
    if isinstance(value, np.ndarray):
        return f"a {'×'.join(map(str, value.shape))} array"
    return "nothing (NIL)" if value is None else f"a {type(value).__name__} value ({value!r})"


def binder(target: M.MathNode, where: M.MathNode, ctx: Any) -> tuple[list[str], Callable[[Env, Any], None]]:
    """``(names, bind)`` for a bound variable: a name, or a tuple of them (``(u, v)``) unpacking each element."""
    if isinstance(target, M.Tuple):
        parts = [binder(t, where, ctx) for t in target.items]
        names = [n for ns, _ in parts for n in ns]
        binds = [b for _, b in parts]
        k = len(binds)

        def unpack(env: Env, x: Any) -> None:
            if isinstance(x, np.ndarray) and x.ndim == 1:
                x = x.tolist()
            if not isinstance(x, (tuple, list)) or len(x) != k:
                raise LocatedError(
                    EvaluationFailed,
                    target.span,
                    message=f"{x!r} is not a {k}-tuple to unpack into {_said(ctx, target)}",
                )
            for b, v in zip(binds, x):
                b(env, v)

        return names, unpack
    name = identifier(target)
    if name is None:
        raise LocatedError(NotExecutable, target.span, message=f"{_said(ctx, target)} cannot be a bound variable")

    def bind(env: Env, x: Any) -> None:
        env[name] = x

    return [name], bind


def save(env: Env, names: list[str]) -> list[tuple[str, Any]]:
    """The current values of ``names`` (bound variables shadow them), for :func:`restore`."""
    return [(n, env.get(n, _MISSING)) for n in names]


def restore(env: Env, saved: list[tuple[str, Any]]) -> None:
    """Put back what :func:`save` saw: a bound variable does not outlive its operator."""
    for n, v in saved:
        if v is _MISSING:
            env.pop(n, None)
        else:
            env[n] = v


# --- the compiler -----------------------------------------------------------------------------------


def compile_bigop(node: M.BigOp, ctx: Any, compile_expr: Compile) -> Callable[[Env], Any]:
    """Compile a big operator into a closure (see the module docstring)."""
    kind = node.kind
    if kind not in _REDUCE and kind not in _SET_KINDS:
        raise LocatedError(NotExecutable, node.span, message=f"\\{kind} cannot be evaluated numerically")
    if node.var is None and kind in ("argmax", "argmin"):
        return _arg_of_vector(node, ctx, compile_expr)
    if node.var is None:
        raise LocatedError(NotExecutable, node.span, message=f"\\{kind} needs an index variable in its subscript")
    spread = nested(node)
    if spread is not None:
        return compile_bigop(spread, ctx, compile_expr)
    target, domain, lo_node, hi_node, conds = subscript(node, ctx)
    if domain is not None:
        return _over_domain(node, target, domain, conds, ctx, compile_expr)
    var = identifier(target)
    for bound in (lo_node, hi_node):
        # \sum_{i=1}^{i}: the index exists only inside the sum; read as a size (i = len(x)) it
        # summed every entry, a meaning no reader gives it
        own = next((n for n in M.walk(bound) if isinstance(n, M.Sym) and identifier(n) == var), None) if bound else None
        if own is not None:
            raise LocatedError(
                UnboundName,
                own.span,
                name=_said(ctx, own),
                hint=f": it is the index of this {_shown(kind)}, a bound cannot read it",
            )
    if conds or kind in _SET_KINDS:
        return _over_range(node, var, lo_node, hi_node, conds, ctx, compile_expr)
    indexed = sorted({n for n in _indexed_by(node.body, var)})
    if isinstance(hi_node, M.Sym) and identifier(hi_node) not in ctx.declared:
        ctx.dims.setdefault(identifier(hi_node), set()).update(indexed)
    limits = _limits(node, var, lo_node, hi_node, ctx, compile_expr)
    body = compile_expr(node.body, ctx)
    vector = _vectorise(node.body, var, ctx, compile_expr)
    reduce = _REDUCE[kind]

    def run(env: Env) -> Any:
        a, b = limits(env)
        token = _enter(b - a + 1, kind)
        try:
            return _reduce(env, a, b)
        finally:
            _OUTER_TERMS.reset(token)

    def _reduce(env: Env, a: int, b: int) -> Any:
        if vector is not None:
            try:
                values = vector(env, a, b)
                if getattr(values, "ndim", 0) == 0:  # the body does not depend on the index
                    values = np.full(max(b - a + 1, 0), values)
                if values.dtype.kind not in "fc":
                    raise _Fallback  # integers (or truth values): Python ints are exact, int64 wraps
                if kind == "sum" and values.size:
                    return values.sum()
                return _finish(reduce, values, kind, a)
            except _Fallback:
                pass
        return _loop(env, var, a, b, body, reduce, node)

    return run


def _arg_of_vector(node: M.BigOp, ctx: Any, compile_expr: Compile) -> Callable[[Env], Any]:
    """``\\operatorname{argmax}(v)``: the index of the first largest entry of a vector, in the index base."""
    body = compile_expr(node.body, ctx)
    first = getattr(ctx, "index_base", 1)
    pick = np.argmax if node.kind == "argmax" else np.argmin

    def run(env: Env) -> int:
        value = body(env)
        if isinstance(value, (list, tuple)):
            value = np.asarray(value)
        if not isinstance(value, np.ndarray) or value.ndim != 1 or value.dtype.kind not in "biuf":
            raise LocatedError(
                NotExecutable,
                node.span,
                message=f"{_shown(node.kind)} of {_kind(value)}: write its index, {_shown(node.kind)}_{{i}} v_i",
            )
        if value.size == 0:
            raise _no_value(node, f"{_said(ctx, node.body)} has no entries")
        return int(pick(value)) + first

    return run


def _limits(
    node: M.BigOp,
    var: str,
    lo_node: M.MathNode | None,
    hi_node: M.MathNode | None,
    ctx: Any,
    compile_expr: Compile,
    conds: Iterable[M.MathNode] = (),
) -> Callable[[Env], tuple[int, int]]:
    """``env → (first, last)`` index: the written bounds, else those of the arrays the body and the conditions index."""
    conds = list(conds)
    found = None
    if hi_node is None:
        fix = f"{_shown(node.kind)}_{{{var} \\in {index_set(getattr(ctx, 'index_base', 1))}{' : …' if conds else ''}}}"
        found = index_range(var, [node.body, *conds], node, ctx, compile_expr, fix)
    hi = compile_expr(hi_node, ctx) if hi_node is not None else None
    lo = compile_expr(lo_node, ctx) if lo_node is not None else None
    # a literal lower bound (`i=1`) needs no evaluation per call; `\sum^{n}` starts at 1
    lo_const = 1 if lo_node is None else lo_node.value if isinstance(lo_node, M.Num) else None
    if type(lo_const) is not int:
        lo_const = None

    if found is not None and lo is None:
        return found
    if found is not None:  # \sum_{i=2} x_i: from 2 to the end of x

        def from_lo(env: Env) -> tuple[int, int]:
            a = lo_const if lo_const is not None else _int(lo(env), node, ctx)
            return a, found(env)[1]

        return from_lo

    def written_limits(env: Env) -> tuple[int, int]:
        a = lo_const if lo_const is not None else lo(env)
        b = hi(env)
        if type(a) is not int or type(b) is not int:
            a, b = _int(a, node, ctx), _int(b, node, ctx)
        return a, b

    return written_limits


def keyed(node: M.MathNode, read: Callable[[Env], Any]) -> Callable[[Env], Any]:
    """``read`` of the base of a subscript: a sequence there stays keyed by its written indices.

    A whole read of a sequence is its array (``p`` after ``p_k \\gets …``); what a subscript
    indexes is the sequence itself, so that ``x_0`` of a sequence started at 0 is ``x_0`` in any
    index base.
    """
    name = identifier(node) if isinstance(node, M.Sym) else None
    if name is None:
        return read

    def container(env: Env) -> Any:
        value = env.get(name)
        return value if type(value) is Sequence else read(env)

    return container


def index_set(first: int) -> str:
    """How to write the indices of an array of ``n`` entries in a listing that counts from ``first``."""
    last = "n" if first == 1 else f"n - {1 - first}" if first < 1 else f"n + {first - 1}"
    return f"\\{{{first}, \\dots, {last}\\}}"


def index_range(
    var: str, nodes: Iterable[M.MathNode], where: M.MathNode, ctx: Any, compile_expr: Compile, fix: str
) -> Callable[[Env], tuple[int, int]]:
    """``env → (first, last)``: the indices a bound variable runs over when nothing writes them.

    They are the indices of the arrays ``nodes`` index by ``var`` (``\\ell`` in ``\\ell_i``; the
    columns of ``D`` in ``D_{ij}`` for ``j``), in the listing's index base, or the stored indices of
    a sequence. When nothing is indexed by ``var``, or the arrays disagree, the note does not decide
    the range: a located ``AV308`` says so and how to write it (``fix``).
    """
    uses: dict[tuple[str, int], tuple[Callable[[Env], Any], M.MathNode]] = {}
    heads: dict[tuple[str, int], tuple[str, str, int]] = {}  # x_{0,i}: i indexes x_0 when the run has one
    for root in nodes:
        for n in M.walk(root):
            # x_i, D_{ij}; Q[s, a] and Q(s, a) of a table (a function's arguments are no indices: when
            # run, a function there has none to run over, and says so)
            base, items = _indexed(n)
            if base is not None:
                # l_{jj}, the diagonal: j runs over both axes, which must then agree (a square matrix)
                for axis in (k for k, index in enumerate(items) if identifier(index) == var):
                    if (_said(ctx, base), axis) not in uses:
                        uses[(_said(ctx, base), axis)] = (keyed(base, compile_expr(base, ctx)), n)
                    head = identifier(M.Idx(base, items[:1], span=n.span)) if isinstance(n, M.Idx) and axis else None
                    if head is not None and identifier(base) is not None:
                        heads[(_said(ctx, base), axis)] = (head, identifier(base), len(items))  # type: ignore[assignment]
    if not uses:
        raise LocatedError(
            NotExecutable,
            where.span,
            message=f"{_said(ctx, where)} does not say which indices {var} runs over: nothing in it indexes "
            f"an array by {var}; write {fix}",
        )
    first = getattr(ctx, "index_base", 1)

    def indices(env: Env) -> tuple[int, int]:
        found: dict[tuple[int, int], list[str]] = {}
        for (name, axis), (base, n) in uses.items():
            head, plain, count = heads.get((name, axis), (None, None, 0))
            if head is not None and head in env and (plain not in env or np.ndim(env[plain]) < count):
                name, value, axis = head, env[head], axis - 1
            else:
                value = base(env)
            extent = _extent(value, axis, first)
            if extent is None:
                raise LocatedError(
                    NotExecutable,
                    n.span,
                    message=f"{var} indexes {name}, which is {_kind(value)}: it has no indices for {var} "
                    f"to run over; write {fix}",
                )
            found.setdefault(extent, []).append(name if axis == 0 else f"{name} (axis {axis + 1})")
        if len(found) == 1:
            return next(iter(found))
        said = "; ".join(f"{' and '.join(names)} from {a} to {b}" for (a, b), names in found.items())
        raise LocatedError(
            NotExecutable,
            where.span,
            message=f"{_said(ctx, where)} does not say which indices {var} runs over: the arrays it indexes by "
            f"{var} disagree ({said}); write {fix}",
        )

    return indices


def _indexed(n: M.MathNode) -> tuple[M.MathNode | None, tuple[M.MathNode, ...]]:
    """The array ``n`` reads an entry of and the indices it reads it at; ``(None, ())`` for any other node."""
    if isinstance(n, M.Idx):
        return n.base, n.indices
    if isinstance(n, M.Index):
        return n.base, n.args
    if isinstance(n, M.Apply) and isinstance(n.fn, M.Sym) and identifier(n.fn) is not None:
        return n.fn, n.args
    return None, ()


def _extent(value: Any, axis: int, first: int) -> tuple[int, int] | None:
    """The first and last index of ``value`` along ``axis``, or ``None`` when it has no such indices."""
    if isinstance(value, np.ndarray):
        own = getattr(value, "first", None) if axis == 0 else None  # X_0, X_1, … of a listing that counts from 1
        start = own if type(own) is int else first
        return (start, start + value.shape[axis] - 1) if value.ndim > axis else None
    if isinstance(value, Sequence):  # x_k stored by index: the indices stored, when they are consecutive
        keys = [k[axis] if type(k) is tuple and len(k) > axis else k if axis == 0 else None for k in value]
        if not keys or any(type(k) is not int for k in keys):
            return None
        lo, hi = min(keys), max(keys)
        return (lo, hi) if len(set(keys)) == hi - lo + 1 else None
    if isinstance(value, (list, tuple)) and axis == 0:
        return first, first + len(value) - 1
    return None


def _over_range(
    node: M.BigOp,
    var: str,
    lo_node: M.MathNode | None,
    hi_node: M.MathNode | None,
    conds: list[M.MathNode],
    ctx: Any,
    compile_expr: Compile,
) -> Callable[[Env], Any]:
    """A big operator over an index range with conditions (``\\sum_{j \\ne i}``), or into a set: looped."""
    limits = _limits(node, var, lo_node, hi_node, ctx, compile_expr, conds)
    tests = [compile_expr(c, ctx) for c in conds]
    body = compile_expr(node.body, ctx)
    kind = node.kind

    def run(env: Env) -> Any:
        a, b = limits(env)
        token = _enter(b - a + 1, kind)
        saved = env.get(var, _MISSING)
        items, values = [], []
        try:
            for i in range(a, b + 1):
                env[var] = i
                if all(_holds(t(env), c, ctx) for t, c in zip(tests, conds)):
                    items.append(i)
                    values.append(body(env))
        finally:
            _OUTER_TERMS.reset(token)
            if saved is _MISSING:
                env.pop(var, None)
            else:
                env[var] = saved
        if not values and kind not in _EMPTY_VALUES:
            tested = " and ".join(_said(ctx, c) for c in conds)
            raise _no_value(
                node, f"no {var} from {a} to {b} satisfies {tested}" if conds else f"{var} runs from {a} to {b}"
            )
        return reduce_values(kind, values, items, node)

    return run


#: how many terms the big operators around this one run over, multiplied: a sum of 10^6 terms inside
#: another of 10^6 is 10^12 terms, refused before the first inner sum runs, not after hours
_OUTER_TERMS: ContextVar[int] = ContextVar("outer_terms", default=1)


def _enter(count: int, kind: str) -> Token[int]:
    """Count ``count`` terms of ``\\kind`` inside the operators around it; past the budget, :class:`OverBudget`."""
    outer = _OUTER_TERMS.get()
    total = max(count, 0) * outer
    if total > MAX_TERMS and outer == 1:
        check_terms(total, f"\\{kind}")
    if total > MAX_TERMS:
        raise OverBudget(
            f"\\{kind} over {count:,} terms, once for each of {outer:,} terms of the big operators around it: "
            f"{total:,} terms in all, past the budget of {MAX_TERMS:,}"
        )
    return _OUTER_TERMS.set(max(total, 1))


def _holds(value: Any, node: M.MathNode, ctx: Any) -> bool:
    if type(value) is bool:
        return value
    if np.ndim(value) != 0:
        raise LocatedError(EvaluationFailed, node.span, message=f"{_said(ctx, node)} is an array, not a truth value")
    return bool(value)


def _finish(reduce: Callable[[Any], Any], values: Any, kind: str, lo: int) -> Any:
    if np.size(values) == 0:
        if kind in ("sum", "prod"):
            return 0 if kind == "sum" else 1  # the empty sum is 0 (Python's sum([]) too), the empty product 1
        raise _Fallback
    if kind in ("max", "min", "argmax", "argmin"):
        (values,) = ordered(values)  # \max_k z_k of complex z_k: no order, never NumPy's by real part
    out = reduce(values)
    return out + lo - 1 if kind in ("argmax", "argmin") else out


def _loop(env: Env, var: str, a: int, b: int, body: Callable[[Env], Any], reduce: Callable, node: M.BigOp) -> Any:
    kind = node.kind
    saved = env.get(var, _MISSING)
    values = []
    try:
        for i in range(a, b + 1):
            env[var] = i
            values.append(body(env))
    finally:
        if saved is _MISSING:
            env.pop(var, None)
        else:
            env[var] = saved
    if not values:
        if kind in ("sum", "prod"):
            return 0 if kind == "sum" else 1
        raise _no_value(node, f"{var} runs from {a} to {b}")
    if kind in ("sum", "prod"):
        out = values[0]
        for v in values[1:]:
            out = out + v if kind == "sum" else times(out, v)
        return out
    if kind in ("max", "min", "argmax", "argmin") and _plain(values):
        return _best(kind, values, list(range(a, b + 1)))
    return _finish(reduce, np.array(values), kind, a)


#: the operators that have a value over nothing: the empty sum, product and union
_EMPTY_VALUES = ("sum", "prod", "bigcup")


def _no_value(node: M.BigOp, why: str) -> LocatedError:
    """``\\arg\\min`` (``\\max``, ``\\bigcap``) over nothing: a located finding that says why nothing was admitted."""
    return LocatedError(
        EvaluationFailed, node.span, message=f"{_shown(node.kind)} over an empty set has no value: {why}"
    )


def _shown(kind: str) -> str:
    """The operator as LaTeX writes it, for a message: ``\\arg\\min``, ``\\sum``."""
    return "\\arg\\" + kind[3:] if kind in ("argmax", "argmin") else "\\" + kind


def _plain(values: list[Any]) -> bool:
    """True when every value is a Python int or float and none is NaN (a builtin max/min is exact on them)."""
    return all(type(v) is int or (type(v) is float and v == v) for v in values)


def _best(kind: str, values: list[Any], items: list[Any]) -> Any:
    """The max/min of plain numbers, or the first item (in order) where it is reached."""
    pick = max if kind in ("max", "argmax") else min
    if kind in ("max", "min"):
        return pick(values)
    return items[pick(range(len(values)), key=values.__getitem__)]


def reduce_values(kind: str, values: list[Any], items: list[Any], node: M.BigOp) -> Any:
    """Reduce a body's values over the items it ran for (a set's elements, or the indices that passed a condition)."""
    if not values:
        if kind == "sum":
            return 0
        if kind == "prod":
            return 1
        if kind == "bigcup":
            return EMPTY
        raise _no_value(node, "nothing its subscript admits")
    if kind in ("sum", "prod"):
        out = values[0]
        for v in values[1:]:
            out = out + v if kind == "sum" else times(out, v)
        return out
    if kind in _SET_KINDS:
        sets = []
        for v in values:
            if not isinstance(v, AbstractSet):
                raise LocatedError(EvaluationFailed, node.body.span, message=f"\\{kind} of {_kind(v)}: not a set")
            sets.append(v)
        if kind == "bigcup":
            return FiniteSet(x for s in sets for x in FiniteSet(s))
        first = FiniteSet(sets[0])
        return FiniteSet(x for x in first if all(x in s for s in sets[1:]))
    if _plain(values):
        return _best(kind, values, items)
    array = np.array(values)
    if kind in ("argmax", "argmin"):
        if array.ndim != 1:
            raise LocatedError(EvaluationFailed, node.body.span, message=f"\\{kind} of values that are not numbers")
        return items[int(np.argmax(array) if kind == "argmax" else np.argmin(array))]
    out = _REDUCE[kind](array) if array.ndim <= 1 else _REDUCE[kind](array, axis=0)
    return out.item() if isinstance(out, np.generic) else out


def _int(value: Any, node: M.MathNode, ctx: Any) -> int:
    if isinstance(value, (int, np.integer)) or (isinstance(value, (float, np.floating)) and float(value).is_integer()):
        return int(value)
    raise LocatedError(
        EvaluationFailed, node.span, message=f"bound {shown_number(value)} of {_said(ctx, node)} is not an integer"
    )


def _indexed_by(body: M.MathNode, var: str) -> list[str]:
    """Identifiers of the arrays ``body`` indexes with ``var`` (``x`` in ``x_i``)."""
    out = []
    for n in M.walk(body):
        if isinstance(n, M.Idx) and len(n.indices) == 1 and identifier(n.indices[0]) == var:
            name = identifier(n.base)
            if name is not None:
                out.append(name)
    return out


def _over_domain(
    node: M.BigOp, target: M.MathNode, domain: M.MathNode, conds: list[M.MathNode], ctx: Any, compile_expr: Compile
) -> Callable[[Env], Any]:
    names, bind = binder(target, node.var, ctx)
    over = compile_expr(domain, ctx)
    tests = [compile_expr(c, ctx) for c in conds]
    body = compile_expr(node.body, ctx)
    kind = node.kind

    def run(env: Env) -> Any:
        elements = items_of(over(env), domain, ctx)
        saved = save(env, names)
        items, values = [], []
        tried = 0
        try:
            for x in elements:
                tried += 1
                bind(env, x)
                if all(_holds(t(env), c, ctx) for t, c in zip(tests, conds)):
                    items.append(x)
                    values.append(body(env))
        finally:
            restore(env, saved)
        if not values and kind not in _EMPTY_VALUES:
            tested = " and ".join(_said(ctx, c) for c in conds)
            raise _no_value(
                node,
                f"no element of {_said(ctx, domain)} satisfies {tested}" if tried else f"{_said(ctx, domain)} is empty",
            )
        return reduce_values(kind, values, items, node)

    return run


# --- the vectorised body --------------------------------------------------------------------------

Vec = Callable[[Env, int, int], Any]


def _vectorise(body: M.MathNode, var: str, ctx: Any, compile_expr: Compile) -> Vec | None:
    """Compile ``body`` as an elementwise function of the whole index range, or ``None``."""
    try:
        return _vec(body, var, ctx, compile_expr)
    except _Fallback:
        return None


def _depends(node: M.MathNode, var: str) -> bool:
    return any(isinstance(n, M.Sym) and identifier(n) == var for n in M.walk(node))


def _vec(node: M.MathNode, var: str, ctx: Any, compile_expr: Compile) -> Vec:
    if not _depends(node, var):
        scalar = compile_expr(node, ctx)

        def const(env: Env, a: int, b: int) -> Any:
            value = scalar(env)
            if getattr(value, "ndim", 0) != 0:
                raise _Fallback  # an array factor: the product may be a matrix product
            return value

        return const
    if isinstance(node, M.Sym):
        return lambda env, a, b: np.arange(a, b + 1)
    if isinstance(node, M.Idx) and len(node.indices) == 1 and identifier(node.indices[0]) == var:
        return _vec_index(node, ctx, compile_expr)
    parts = _VEC_OPS.get(type(node))
    if parts is None:
        raise _Fallback
    return parts(node, var, ctx, compile_expr)


def _vec_index(node: M.Idx, ctx: Any, compile_expr: Compile) -> Vec:
    flat = identifier(node)
    container = keyed(node.base, compile_expr(node.base, ctx))
    base = getattr(ctx, "index_base", 1)

    def sliced(env: Env, a: int, b: int) -> Any:
        if flat is not None and flat in env:
            raise _Fallback  # x_i is a name of its own here
        value = container(env)
        if getattr(value, "ndim", 0) != 1:
            raise _Fallback  # lists (families) and matrices: loop
        # r_0, …, r_n built by the listing: its entries at the indices it wrote them at, whatever the base
        written = getattr(value, "first", None)
        first = written if isinstance(written, int) else base
        if b < a:
            return value[0:0]  # \sum_{i=0}^{m-1} d_i at m = 0: no term reads d, wherever it starts
        if a < first or b > len(value) - 1 + first:
            raise LocatedError(
                EvaluationFailed,
                node.span,
                message=f"index range {a}..{b} is outside {first}..{len(value) - 1 + first} in {_said(ctx, node)}",
            )
        return value[a - first : b - first + 1]

    return sliced


def _binary(fn: Callable[[Any, Any], Any], left: str, right: str) -> Callable:
    def build(node: M.MathNode, var: str, ctx: Any, compile_expr: Compile) -> Vec:
        x, y = _vec(getattr(node, left), var, ctx, compile_expr), _vec(getattr(node, right), var, ctx, compile_expr)
        return lambda env, a, b: fn(x(env, a, b), y(env, a, b))

    return build


def _unary(fn: Callable[[Any], Any], attr: str) -> Callable:
    def build(node: M.MathNode, var: str, ctx: Any, compile_expr: Compile) -> Vec:
        x = _vec(getattr(node, attr), var, ctx, compile_expr)
        return lambda env, a, b: fn(x(env, a, b))

    return build


def _vec_binop(node: M.BinOp, var: str, ctx: Any, compile_expr: Compile) -> Vec:
    ops = {
        "+": operator.add,
        "-": operator.sub,
        "*": operator.mul,
        "cdot": operator.mul,
        "times": operator.mul,
        "/": operator.truediv,
    }
    if node.op not in ops:
        raise _Fallback
    return _binary(ops[node.op], "left", "right")(node, var, ctx, compile_expr)


def _vec_call(node: M.Call, var: str, ctx: Any, compile_expr: Compile) -> Vec:
    if node.func not in _ELEMENTWISE_FUNCS or len(node.args) != 1:
        raise _Fallback
    fn = FUNCTIONS[node.func]
    x = _vec(node.args[0], var, ctx, compile_expr)

    def call(env: Env, a: int, b: int) -> Any:
        if callable(env.get(node.func)):
            raise _Fallback  # a user's own function of that name: not known to be elementwise
        return fn(x(env, a, b))

    return call


def _vec_pow(node: M.Pow, var: str, ctx: Any, compile_expr: Compile) -> Vec:
    if identifier(node) in ctx.declared:
        raise _Fallback
    if isinstance(node.base, M.Sym) and node.base.name == "e" and "e" not in ctx.declared:
        return _unary(np.exp, "exp")(node, var, ctx, compile_expr)  # e^{z_i}: Euler's number, unless a variable is e
    return _binary(power, "base", "exp")(node, var, ctx, compile_expr)  # 2^{-\ell_i} of whole numbers: a fraction


_VEC_OPS: dict[type, Callable[[Any, str, Any, Compile], Vec]] = {
    M.BinOp: _vec_binop,
    M.Juxt: _binary(np.multiply, "left", "right"),
    M.Hadamard: _binary(np.multiply, "left", "right"),
    M.Frac: _binary(np.divide, "num", "den"),
    M.Neg: _unary(np.negative, "operand"),
    M.Abs: _unary(np.abs, "operand"),
    M.Sqrt: lambda n, v, c, k: _unary(np.sqrt, "radicand")(n, v, c, k) if n.index is None else _raise(),
    M.Pow: _vec_pow,
    M.Call: _vec_call,
}


def _raise() -> Vec:
    raise _Fallback
