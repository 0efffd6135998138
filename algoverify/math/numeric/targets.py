"""Compiling assignment targets: :func:`compile_target` turns the left of ``\\gets`` into a store.

A target stores in two steps (locate, then put) so that a simultaneous assignment locates every
target before it stores any; elements, slices, ``[…]`` keys and unpacked tuples.
"""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Set as AbstractSet
from typing import Any, Callable

import numpy as np

from ...findings import EvaluationFailed, LocatedError, NotExecutable
from .. import mathexpr as M
from ..algebraic import EXACT_TYPES
from ..names import identifier, iterated_entry, labelled, staged_entry
from ..ops import Sequence, Written, holds_a_number, members, written_array
from ..slices import IndexSpan, index_items
from .core import Context, Env, _ndim, _shape, compile_expr
from .lookup import _as_index, _first, _key, _out_of_range, _position, _sequence_key, _slice_key
from .values import RealInterval, _what

# --- assignment targets ---------------------------------------------------------------------------

Store = Callable[[Env, Any], list[str]]
#: a target in two steps: ``locate(env)`` evaluates where it stores (its indices), ``put(env, where,
#: value)`` stores; a simultaneous assignment locates every target before it stores any
Locate = Callable[[Env], Any]
Put = Callable[[Env, Any, Any], list[str]]


def compile_target(node: M.MathNode, ctx: Context) -> Store:
    """Compile an assignment target into ``store(env, value) -> names written``.

    ``x``, ``\\hat{x}``, ``\\sigma^{2}`` (a name as a whole) store a variable; ``x_i`` and ``A[i]``
    store an element when ``x`` is an array in scope (same index base and range checks as a
    read), an entry when it is a map, else an index of the sequence ``x``. ``(a, b)`` (also
    ``a, b`` and ``[a, b]``) is a simultaneous assignment: the right-hand side is evaluated
    first (by the caller), then every target's indices, then the values are stored, so
    ``(x_i, x_j) \\gets (x_j, x_i)`` swaps and ``(a, b) \\gets (b, a \\bmod b)`` is Euclid's step.
    """
    name = identifier(node)
    if name is not None and not isinstance(node, (M.Idx, M.Tuple)):

        def store_name(env: Env, value: Any) -> list[str]:
            env[name] = value
            return [name]

        return store_name
    locate, put = _target(node, ctx)

    def store(env: Env, value: Any) -> list[str]:
        return put(env, locate(env), value)

    return store


def _target(node: M.MathNode, ctx: Context) -> tuple[Locate, Put]:
    if isinstance(node, (M.Tuple, M.ListLit)) or (isinstance(node, M.Interval) and node.closed_lo and node.closed_hi):
        return _unpack_target(node, ctx)
    if isinstance(node, M.Idx):
        return _element_target(node, ctx)
    if iterated_entry(node) is not None:
        return _member_entry_target(node, ctx)  # type: ignore[arg-type]
    if isinstance(node, M.Index):
        return _index_target(node, ctx)
    if isinstance(node, M.Apply) and isinstance(node.fn, M.Sym):
        # p(j) \gets i (Kleinberg and Tardos's p(j), CLRS's π(v)): a table p, stored at j as p[j] would be
        return _index_target(M.Index(node.fn, node.args, span=node.span), ctx)
    if (family := staged_entry(node)) is not None:
        # Proakis's f_m(n) \gets …: the signal of stage m at time n, a member of the stages f
        return _member_entry_target(M.Index(node.fn, node.args, span=node.span), ctx, family)  # type: ignore[attr-defined]
    name = identifier(node)
    if name is None:
        raise LocatedError(NotExecutable, node.span, message=f"{ctx.written(node)} cannot be assigned to")

    def put(env: Env, where: Any, value: Any) -> list[str]:
        env[name] = value
        return [name]

    return (lambda env: None), put


def _unpack_target(node: M.Tuple | M.ListLit | M.Interval, ctx: Context) -> tuple[Locate, Put]:
    items = (node.lo, node.hi) if isinstance(node, M.Interval) else node.items
    # (r_L, L) \gets \Call{SortCount}{…}: L is set here, so r_L is a name of its own, never r at index L
    whole = {identifier(i) for i in items if isinstance(i, M.Sym)} - {None}
    parts = [_named_target(i, _target(i, ctx)) if _labelled_by(i, whole) else _target(i, ctx) for i in items]
    k = len(parts)

    def locate(env: Env) -> list[Any]:
        return [loc(env) for loc, _ in parts]

    def put(env: Env, where: list[Any], value: Any) -> list[str]:
        values = _unpackable(value, k, node)
        return [n for (_, p), w, v in zip(parts, where, values) for n in p(env, w, v)]

    return locate, put


def _labelled_by(item: M.MathNode, names: set[str | None]) -> bool:
    """Whether ``item`` is ``x_S`` with ``S`` one of ``names`` (targets of the same statement)."""
    return (
        isinstance(item, M.Idx)
        and len(item.indices) == 1
        and isinstance(item.indices[0], M.Sym)
        and identifier(item.indices[0]) in names
        and identifier(item) is not None
    )


def _named_target(item: M.Idx, entry: tuple[Locate, Put]) -> tuple[Locate, Put]:
    """``r_L`` of ``(r_L, L) \\gets …`` where nothing holds an L yet: a name; else the entry at the old L."""
    name, index = identifier(item), identifier(item.indices[0])
    locate_entry, put_entry = entry

    def locate(env: Env) -> Any:
        return _AS_NAME if index not in env else locate_entry(env)

    def put(env: Env, where: Any, value: Any) -> list[str]:
        if where is _AS_NAME:
            env[name] = value  # type: ignore[index]
            return [name]  # type: ignore[list-item]
        return put_entry(env, where, value)

    return locate, put


_AS_NAME = [object()]  # where a labelled target stores: under its own name


def _unpackable(value: Any, k: int, node: M.MathNode) -> list[Any]:
    if isinstance(value, RealInterval):
        value = (value.lo, value.hi)  # [a, b] \gets [a, m]: the ends of the interval
    elif isinstance(value, np.ndarray) and (value.ndim == 1 or value.ndim == 2 and 1 in value.shape):
        value = value.ravel().tolist()  # a column (or row) vector into as many names
    if isinstance(value, (tuple, list)) and len(value) == k:
        return list(value)
    what = "a set, which has no order" if isinstance(value, AbstractSet) else _shape_or_len(value)
    raise LocatedError(EvaluationFailed, node.span, message=f"cannot unpack {what} into {k} targets")


def _shape_or_len(value: Any) -> str:
    if isinstance(value, (tuple, list)):
        return f"{len(value)} values"
    return _shape(value) if _ndim(value) else _what(value)


def _element_target(node: M.Idx, ctx: Context) -> tuple[Locate, Put]:
    """``x_i \\gets v``: an element of the array ``x``, or of the sequence ``x`` when no array is there.

    An index outside the array is an error. A name that holds no array yet becomes a
    :class:`Sequence` keyed by the written indices (``x_0``, then ``x_{k+1}`` in a loop); a
    map (``d_v`` of a dict bound from Python) gets a new entry.
    """
    flat, base = identifier(node), identifier(node.base)
    if base is None and flat is None:
        raise LocatedError(NotExecutable, node.span, message=f"{ctx.written(node)} cannot be assigned to")
    if flat is not None and (labelled(node, ctx.declared.__contains__) or flat in ctx.labels):
        base = None  # x_{\mathrm{new}} \gets …, p_1 \gets … beside p \gets …: a variable, not an entry
    indices = [_position(i, ctx) for i in index_items(node.indices)] if base is not None else []
    (only,) = node.indices if len(node.indices) == 1 else (None,)
    # A_{11} \gets 0 of a matrix: the entry (1, 1), as reading a_{12} is, never entry 11
    pair = (
        [int(c) for c in only.text] if isinstance(only, M.Num) and len(only.text) == 2 and only.text.isdigit() else None
    )

    def locate(env: Env) -> list[Any] | None:
        if flat is not None and (flat in env or base is None):
            return None  # a name of its own: L_i assigned in the loop, B_1 given as input
        if flat is not None and callable(env.get(base)):
            return None  # f_a \gets f(a) with f a function: the value f_a, not an entry of f
        if pair is not None and np.ndim(env.get(base)) == 2:
            return list(pair)
        where = [i(env) for i in indices]
        if flat is not None and any(np.ndim(w) > 0 and not isinstance(w, IndexSpan) for w in where):
            return None  # \mu_x \gets …, S_{xx} \gets … of an array x: a statistic of x, never positions
        return where

    def put(env: Env, where: list[Any] | None, value: Any) -> list[str]:
        if where is None:
            env[flat] = value
            return [flat]
        return _store_at(env, base, where, value, node, ctx, keyed=False)

    return locate, put


def _member_entry_target(node: M.Index, ctx: Context, staged: str | None = None) -> tuple[Locate, Put]:
    """``Q^{n+1}_i \\gets v`` (LeVeque's time levels): entry i of the iterate n + 1, a new member if it is new.

    ``staged`` names the family of stage signals ``f_m(n)``: a new stage starts from what the note fixes
    of every stage (``g_m(-1) = 0``, the levels' ``given``).
    """
    family = staged or iterated_entry(node)
    level = compile_expr(node.base.indices[0], ctx)  # type: ignore[attr-defined]
    args = [_position(a, ctx, brackets=True) for a in index_items(node.args)]

    def locate(env: Env) -> list[Any]:
        return [level(env), *(a(env) for a in args)]

    def put(env: Env, where: list[Any], value: Any) -> list[str]:
        levels = env.get(family)
        levels = Sequence(levels) if isinstance(levels, Sequence) else Sequence()
        key = _key(where[:1], node, ctx)
        member = {"member": levels.get(key)}
        if staged is not None and member["member"] is None and levels.given:
            member["member"] = Sequence()
            member["member"].given = levels.given  # zero initial conditions: g_m(-1) = 0 of each stage m
        _store_at(member, "member", where[1:], value, node, ctx, keyed=True)
        levels[key] = member["member"]
        env[family] = levels  # type: ignore[index]
        return [family]  # type: ignore[list-item]

    return locate, put


def _index_target(node: M.Index, ctx: Context) -> tuple[Locate, Put]:
    """``A[i] \\gets v``, ``\\pi[v] \\gets u``, ``d[v] \\gets \\infty``: stored as a subscript target is.

    A name bound to nothing becomes a sequence keyed by whatever the index is (a vertex, a pair).
    """
    base = identifier(node.base)
    # \pi^{-1}[s] of an array the listing takes as \pi^{-1} (a labelled name), as \pi[v] of \pi
    if base is None or not isinstance(node.base, (M.Sym, M.Label)):
        raise LocatedError(
            NotExecutable, node.span, message=f"{ctx.written(node)} cannot be assigned to: store into a name"
        )
    items = index_items(node.args)
    for a in items:
        if isinstance(a, M.Placeholder) and a.symbol != ":":
            raise LocatedError(NotExecutable, a.span, message=f"{ctx.written(a)} is not an index")
    args = [_position(a, ctx, brackets=True) for a in items]

    def locate(env: Env) -> list[Any]:
        return [a(env) for a in args]

    def put(env: Env, where: list[Any], value: Any) -> list[str]:
        return _store_at(env, base, where, value, node, ctx, keyed=True)

    return locate, put


def _store_at(
    env: Env, base: str, where: list[Any], value: Any, node: M.MathNode, ctx: Context, *, keyed: bool
) -> list[str]:
    """Store ``value`` into ``env[base]`` at the indices ``where`` (a new container: the trace keeps the old)."""
    container = env.get(base)
    if holds_a_number(container):  # k_r \gets k beside the index k: the family of k's members, not k
        return _store_at(env, members(base), where, value, node, ctx, keyed=keyed)
    first = _first(container, ctx)
    if container is None or isinstance(container, Mapping):
        if keyed or (isinstance(container, Mapping) and not isinstance(container, Sequence)):
            key = _key(where, node, ctx)
        else:
            written = [_sequence_key(i, node, ctx) for i in where]  # F_{i-1/2} \gets …: a half index too
            key = written[0] if len(written) == 1 else tuple(written)
        new = (
            Sequence(container if container is not None else {})
            if container is None or isinstance(container, Sequence)
            else dict(container)
        )
        new[key] = value
        env[base] = new
        return [base]
    if any(isinstance(i, IndexSpan) for i in where):
        return _store_slice(env, base, container, where, value, node, ctx)
    written = [_as_index(i, node, ctx) for i in where]
    if not isinstance(container, (list, tuple, np.ndarray)):
        raise LocatedError(EvaluationFailed, node.span, message=f"{base} holds {_what(container)}, not an array")
    idx = [w - first for w in written]
    sizes = [len(container)] if isinstance(container, (list, tuple)) else list(np.shape(container))
    if len(idx) > len(sizes):
        raise LocatedError(
            EvaluationFailed, node.span, message=f"{ctx.written(node)} indexes a {_shape(container)} value"
        )
    if keyed and len(idx) == 1 == len(sizes) and idx[0] == sizes[0] and np.ndim(value) == 0:
        # CLRS's heap insert: n \gets n + 1, then A[n] \gets x one past the end: the array grows by that entry
        # (in brackets, as an array is written; a subscript x_3 of a 2-vector stays out of range)
        env[base] = _grown(container, value)
        return [base]
    for p, size in zip(idx, sizes):
        if not 0 <= p < size:
            raise _out_of_range(p + first, first, size, node, ctx)
    if isinstance(container, np.ndarray):
        # a fresh array per store: the trace keeps every earlier value as it was
        try:
            # an exact number (a Fraction, a Surd) is stored as itself: NumPy has no type for it
            exact = container.dtype == object or type(value) in EXACT_TYPES
            # subok: a sequence read whole (Written) keeps the index its entries were written at
            container = np.array(container, dtype=object if exact else np.result_type(container, value), subok=True)
            container[tuple(idx)] = value
        except (TypeError, ValueError) as exc:
            raise LocatedError(
                EvaluationFailed, node.span, message=f"{ctx.written(node)}: cannot store {_what(value)}: {exc}"
            ) from exc
    else:
        container = list(container)
        container[idx[0]] = value
    env[base] = container
    return [base]


def _grown(container: Any, value: Any) -> Any:
    """``container`` with ``value`` after its last entry (an array keeps the index its entries start at)."""
    if not isinstance(container, np.ndarray):
        return [*container, value]
    exact = container.dtype == object or type(value) in EXACT_TYPES
    grown = np.concatenate([np.asarray(container), np.array([value], dtype=object if exact else None)])
    if isinstance(container, Written):
        grown = written_array(grown, container.first, axes=container.axes)  # type: ignore[arg-type]
        grown.given = container.given
    return grown


def _store_slice(
    env: Env, base: str, container: Any, where: list[Any], value: Any, node: M.MathNode, ctx: Context
) -> list[str]:
    """``U_{k, k:n} \\gets v``: the positions of a range take ``v`` (an array of their shape, or one number)."""
    if not isinstance(container, np.ndarray) or container.ndim < len(where):
        raise LocatedError(
            EvaluationFailed, node.span, message=f"{ctx.written(node)} slices a {_shape(container)} value"
        )
    key = _slice_key(container, where, node, ctx)
    try:
        new = np.array(container, dtype=np.result_type(container, np.asarray(value)), subok=True)
        new[key] = value
    except (TypeError, ValueError) as exc:
        raise LocatedError(
            EvaluationFailed, node.span, message=f"{ctx.written(node)}: cannot store {_what(value)}: {exc}"
        ) from exc
    env[base] = new
    return [base]
