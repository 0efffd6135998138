"""Compiling sets and quantifiers: intervals, number sets, set literals and set-builders, membership.

:class:`RealInterval` and :class:`NumberSet` are the values of intervals and of ``\\mathbb{R}``
and its kin (membership only); finite sets are :class:`~algoverify.math.ops.FiniteSet` values.
The quantifiers stop at the element that decides; :func:`forall_failure` names a counterexample.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from collections.abc import Set as AbstractSet
from typing import Any, Callable, Iterable

import numpy as np

from ...findings import EvaluationFailed, LocatedError, NotExecutable, UnboundName
from .. import mathexpr as M
from ..bigops import binder, index_range, index_set, items_of, restore, save, whole
from ..latex import written
from ..mathlists import chained_range, written_range
from ..names import identifier, written_family
from ..ops import EMPTY, FiniteSet, Sequence, check_terms, element, holds_a_number, members, shown_number
from .core import Closure, Context, Env, compile_expr
from .lookup import _index
from .values import NumberSet, RealInterval, _array_of, _is_real, _what

# --- sets -----------------------------------------------------------------------------------------


def _interval(node: M.Interval, ctx: Context) -> Closure:
    r"""``[a, b)``, ``[a, b]`` of numbers: an interval. ``[u, v]`` of vectors or pairs is a list of two."""
    lo, hi = compile_expr(node.lo, ctx), compile_expr(node.hi, ctx)
    closed = (node.closed_lo, node.closed_hi)
    span = node.span
    as_list = closed == (True, True)

    def interval(env: Env) -> Any:
        a, b = lo(env), hi(env)
        if as_list and not (_is_real(a) and _is_real(b)):
            return _array_of([a, b], node, ctx)
        return RealInterval(a, b, *closed, span)

    return interval


def _set_expr(node: M.MathNode, ctx: Context) -> Closure:
    """Compile what follows ``\\in``: an interval (of numbers or a box of vectors); ``(a, b)`` is the open one."""
    if isinstance(node, M.Interval):
        lo, hi = compile_expr(node.lo, ctx), compile_expr(node.hi, ctx)
        closed = (node.closed_lo, node.closed_hi)
        span = node.span
        return lambda env: RealInterval(lo(env), hi(env), *closed, span)
    if isinstance(node, M.Tuple) and len(node.items) == 2:
        lo, hi = compile_expr(node.items[0], ctx), compile_expr(node.items[1], ctx)
        span = node.span
        return lambda env: RealInterval(lo(env), hi(env), False, False, span)
    return compile_expr(node, ctx)


def _member(x: Any, S: Any, enode: M.MathNode, snode: M.MathNode, ctx: Context) -> bool:
    r"""``x \in S``, for a finite set, a map's keys, a list, an interval or a number set.

    A tuple ``x`` is one element when ``S`` holds tuples (``(u, v) \in E``), else each of its
    items must be in ``S`` (``\beta_1, \beta_2 \in [0, 1)``).
    """
    if isinstance(S, (RealInterval, NumberSet)):
        if type(x) is tuple:
            return all(v in S for v in x)
        return x in S
    if isinstance(S, AbstractSet) or (isinstance(S, Mapping) and not isinstance(S, Sequence)):
        if type(x) is tuple and not _holds_tuples(S):
            return all(_has(S, v, enode, ctx) for v in x)
        return _has(S, x, enode, ctx)
    if isinstance(S, (list, tuple, range)):
        if isinstance(x, np.ndarray):
            return any(isinstance(s, np.ndarray) and np.array_equal(s, x) for s in S)
        return any(not isinstance(s, np.ndarray) and s == x for s in S)
    if isinstance(S, np.ndarray):
        raise LocatedError(
            EvaluationFailed,
            snode.span,
            message=f"{ctx.written(snode)} is an array: membership in its entries or in a set? "
            "Write the set (\\{…\\})",
        )
    raise LocatedError(EvaluationFailed, snode.span, message=f"{ctx.written(snode)} is {_what(S)}, not a set")


def _holds_tuples(S: Any) -> bool:
    for first in S:
        return type(first) is tuple
    return False


def _has(S: Any, x: Any, enode: M.MathNode, ctx: Context) -> bool:
    try:
        return element(x) in S
    except TypeError as exc:
        raise LocatedError(EvaluationFailed, enode.span, message=f"{ctx.written(enode)}: {exc}") from exc


def _in(node: M.In, ctx: Context) -> Closure:
    if isinstance(node.element, M.Range):
        raise LocatedError(
            NotExecutable, node.element.span, message="a family x_1, …, x_n in a set: test its members one by one"
        )
    x, S = compile_expr(node.element, ctx), _set_expr(node.set, ctx)
    enode, snode = node.element, node.set
    return lambda env: _member(x(env), S(env), enode, snode, ctx)


def _const(node: M.Const, ctx: Context) -> Closure:
    if node.name == "emptyset":
        return lambda env: EMPTY
    if node.name in ("top", "bot"):
        raise LocatedError(
            NotExecutable,
            node.span,
            message=f"\\{node.name} reads as a truth value or as 'undefined': write \\textbf{{true}}, "
            "\\textbf{false} or \\textsc{nil}",
        )
    raise LocatedError(NotExecutable, node.span, message=f"{node.name} has no value")


def _items(nodes: tuple[M.MathNode, ...], ctx: Context) -> Callable[[Env], list[Any]]:
    r"""The values of a literal's items: ``1, \dots, n`` and ``1, 3, \dots, n`` expand to integers."""
    parts: list[tuple[str, Any]] = []
    for k, item in enumerate(nodes):
        family = written_family(item)
        if family is not None:
            base, last = family
            parts.append(("family", (base, compile_expr(item.lo.indices[0], ctx), compile_expr(last, ctx), item)))
        elif isinstance(item, M.Range) and (diagonal := _diagonal_family(item)) is not None:
            # Q_{1,1}, \\dots, Q_{m,m}: the members between, each subscript that differs stepping by one,
            # never the integers between two entries' values
            base, positions = diagonal
            ends = tuple((compile_expr(lo, ctx), compile_expr(hi, ctx), lo is hi) for lo, hi in positions)
            parts.append(("diagonal", (base, ends, item)))
        elif isinstance(item, M.Range):
            parts.append(("range", (compile_expr(item.lo, ctx), compile_expr(item.hi, ctx), item)))
        elif isinstance(item, M.Dots):
            if k < 2 or k + 1 >= len(nodes) or isinstance(nodes[k + 1], M.Dots):
                raise LocatedError(
                    NotExecutable, item.span, message="an ellipsis needs two terms before it and one after (1, 3, …, n)"
                )
            stepped = _stepped_family(nodes[k - 2], nodes[k - 1], nodes[k + 1])
            if stepped is not None and parts[-2][0] == parts[-1][0] == "value":
                # x_0, x_2, \dots, x_{n-2}: every other member, by its index; with n = 2 only x_0, so
                # the two members written before the ellipsis are not read on their own
                base, positions = stepped
                del parts[-2:]
                members = M.Range(nodes[k - 2], nodes[k + 1], span=nodes[k - 2].span.cover(nodes[k + 1].span))
                ends = tuple(tuple(compile_expr(e, ctx) for e in position) for position in positions)
                parts.append(("stepped", (base, ends, members)))
                continue
            parts.append(("dots", (compile_expr(nodes[k + 1], ctx), item)))
        else:
            parts.append(("value", compile_expr(item, ctx)))

    def values(env: Env) -> list[Any]:
        out: list[Any] = []
        skip = False
        for kind, part in parts:
            if skip:
                skip = False
                continue
            if kind == "value":
                out.append(part(env))
            elif kind == "range":
                lo, hi, item = part
                a, b = _whole_or_raise(lo(env), item.lo, ctx), _whole_or_raise(hi(env), item.hi, ctx)
                out.extend(range(a, b + 1))
            elif kind == "family":
                base, lo, hi, item = part
                a = _whole_or_raise(lo(env), item.lo.indices[0], ctx)
                b = _whole_or_raise(hi(env), item.hi.indices[0], ctx)
                out.extend(_family_member(env, base, i, item, ctx) for i in range(a, b + 1))
            elif kind == "diagonal":
                base, ends, members = part
                at = []
                for lo, hi, fixed in ends:
                    a, c = _whole_or_raise(lo(env), members, ctx), _whole_or_raise(hi(env), members, ctx)
                    at.append((a, a, a) if fixed else (a, a + (1 if c >= a else -1), c))
                out.extend(_family_member(env, base, i, members, ctx) for i in _stepped_indices(at, members))  # type: ignore[arg-type]
            elif kind == "stepped":
                base, ends, members = part
                at = [tuple(_whole_or_raise(e(env), members, ctx) for e in position) for position in ends]
                out.extend(_family_member(env, base, i, members, ctx) for i in _stepped_indices(at, members))  # type: ignore[arg-type]
                skip = True
            else:
                end, item = part
                a, b = (_whole_or_raise(v, item, ctx) for v in out[-2:])
                c = _whole_or_raise(end(env), item, ctx)
                step = b - a
                if step == 0:
                    raise LocatedError(
                        EvaluationFailed, item.span, message=f"{a}, {b}, …, {c} does not step: how many terms?"
                    )
                if (c - b) * step < 0 and not (c - a) % step:
                    # the end before the second term: "w = 0, 1, …, W" with W = 0 is just 0, with W < 0 nothing,
                    # as a loop over it runs; the first two terms only show the step
                    del out[-2:]
                    out.extend(range(a, c + (1 if step > 0 else -1), step))
                elif (c - b) % step or (c - b) * step < 0:
                    raise LocatedError(
                        EvaluationFailed, item.span, message=f"{a}, {b}, …, {c} is not a progression that reaches {c}"
                    )
                else:
                    out.extend(range(b + step, c + (1 if step > 0 else -1), step))
                skip = True  # the term after the ellipsis is its end, already included
        return out

    return values


def _stepped_family(
    first: M.MathNode, second: M.MathNode, last: M.MathNode
) -> tuple[M.MathNode, tuple[tuple[M.MathNode, ...], ...]] | None:
    """``x_0, x_2, \\dots, x_{n-2}``: the base ``x`` and, per subscript, its three indices (0, 2, n - 2).

    Members of several subscripts step together: ``Q_{0,0}, Q_{1,1}, \\dots, Q_{m,m}`` is the diagonal.
    """
    nodes = (first, second, last)
    if not all(isinstance(n, M.Idx) for n in nodes):
        return None
    if len({len(n.indices) for n in nodes}) != 1 or len({M.dump(n.base) for n in nodes}) != 1:  # type: ignore[attr-defined]
        return None
    return first.base, tuple(zip(*(n.indices for n in nodes)))  # type: ignore[attr-defined]


def _diagonal_family(item: M.Range) -> tuple[M.MathNode, tuple[tuple[M.MathNode, M.MathNode], ...]] | None:
    """``Q_{1,1}, \\dots, Q_{m,m}``: the base and, per subscript, its first and last (one node when written alike)."""
    lo, hi = item.lo, item.hi
    if not (isinstance(lo, M.Idx) and isinstance(hi, M.Idx) and len(lo.indices) == len(hi.indices) >= 2):
        return None
    if M.dump(lo.base) != M.dump(hi.base):  # type: ignore[attr-defined]
        return None
    return lo.base, tuple(
        (a, a) if M.dump(a) == M.dump(b) else (a, b)  # type: ignore[attr-defined]
        for a, b in zip(lo.indices, hi.indices)
    )


def _stepped_indices(ends: list[tuple[int, int, int]], item: M.MathNode) -> list[tuple[int, ...]]:
    """The subscripts of the members, each stepping from its first to its last (or staying where it does not step)."""
    stepping = [_progression(a, b, c, item) for a, b, c in ends if a != b]
    if not stepping:
        a, b, c = ends[0]
        raise LocatedError(EvaluationFailed, item.span, message=f"{a}, {b}, …, {c} does not step: how many terms?")
    if len({len(r) for r in stepping}) != 1 or any(a != c for a, b, c in ends if a == b):
        raise LocatedError(
            EvaluationFailed,
            item.span,
            message="the subscripts of "
            + ", ".join(f"{a}, {b}, …, {c}" for a, b, c in ends)
            + " do not reach their last members together",
        )
    columns = iter(stepping)
    return list(zip(*(next(columns) if a != b else [a] * len(stepping[0]) for a, b, _ in ends)))


def _progression(a: int, b: int, c: int, item: M.MathNode) -> range:
    """The indices of ``x_a, x_b, …, x_c``: from ``a`` in steps of ``b - a`` up to ``c``, none past it."""
    step = b - a
    if step == 0:
        raise LocatedError(EvaluationFailed, item.span, message=f"{a}, {b}, …, {c} does not step: how many terms?")
    if (c - a) * step >= step * step and (c - a) % step:
        raise LocatedError(
            EvaluationFailed, item.span, message=f"{a}, {b}, …, {c} is not a progression that reaches {c}"
        )
    return range(a, c + (1 if step > 0 else -1), step)  # c before b: the members up to c (none when c is before a)


def _family_member(env: Env, base: M.MathNode, i: int | tuple[int, ...], item: M.Range, ctx: Context) -> Any:
    """``base_i`` of a family (``base_{i,j}`` of a tuple): a name of its own (``B_1`` given), else the base indexed."""
    at = i if isinstance(i, tuple) else (i,)
    node = M.Idx(base, tuple(M.Num(str(k), span=item.span) for k in at), span=item.span)
    flat, name = identifier(node), identifier(base)
    if flat is not None and flat in env:
        return env[flat]
    if name in env:
        value = env[name]
        if holds_a_number(value) and members(name) in env:  # k_1, …, k_r beside the number k: its members
            value = env[members(name)]
        return _index(value, list(at), node, ctx)
    raise LocatedError(UnboundName, item.span, name=written(node, None), hint="")


def _whole_or_raise(value: Any, node: M.MathNode, ctx: Context) -> int:
    n = whole(value)
    if n is None:
        raise LocatedError(
            EvaluationFailed, node.span, message=f"{ctx.written(node)} = {shown_number(value)} is not an integer"
        )
    return n


def _setlit(node: M.SetLit, ctx: Context) -> Closure:
    values = _items(node.items, ctx)
    if not node.items:
        return lambda env: EMPTY

    def setlit(env: Env) -> FiniteSet:
        try:
            return FiniteSet(values(env))
        except TypeError as exc:
            raise LocatedError(EvaluationFailed, node.span, message=f"{ctx.written(node)}: {exc}") from exc

    return setlit


def _shared_domain(parts: list[M.MathNode]) -> tuple[M.Tuple, M.MathNode, list[M.MathNode]] | None:
    r"""``((i, j), S, rest)`` of conditions that open with ``i, j \in S``: names that share one set, else ``None``."""
    k = 0
    while k < len(parts) and isinstance(parts[k], M.Sym):
        k += 1
    if k == 0 or k >= len(parts) or not isinstance(parts[k], M.In) or not isinstance(parts[k].element, M.Sym):
        return None
    last = parts[k]
    names = [*parts[:k], last.element]  # type: ignore[attr-defined]
    if len({identifier(n) for n in names}) < len(names):
        return None
    return M.Tuple(tuple(names), span=last.span), last.set, parts[k + 1 :]  # type: ignore[attr-defined]


def _setbuilder(node: M.SetBuilder, ctx: Context) -> Closure:
    r"""``\{x \in S : P(x)\}``, ``\{(u, v) \in E : u < v\}``, ``\{f(x) : x \in S, P(x)\}``, ``\{i : \ell_i = j\}``.

    ``x`` runs over the finite set ``S`` in its iteration order. A set-builder that names no set
    (``\{i : \ell_i = j\}``, ``\{i \mid x_i > 0\}``) runs over the indices of the arrays its
    condition indexes by ``i``, in the listing's index base; when there are none
    (``\{i : 1 \le i \le n\}``) or they differ in length, it does not say what ``i`` ranges over
    and is a located ``AV308`` (see :func:`~algoverify.math.bigops.index_range`).
    """
    element_node, condition = node.element, node.condition
    conds: list[M.MathNode] = []
    value: Closure | None = None
    indices: Callable[[Env], tuple[int, int]] | None = None
    pairs: Closure | None = None
    if isinstance(element_node, M.In):
        target, domain, conds = element_node.element, element_node.set, [condition]
    else:
        parts = M.conjuncts(condition)
        var = identifier(element_node) if isinstance(element_node, M.Sym) else None
        ranged = written_range(parts)
        if ranged is not None and not _indexes_by(ranged[0], [element_node, *parts]):
            ranged = None  # \{x : 0 \le x \le 1\}: an interval of numbers, not indices
        shared = _shared_domain(parts)
        if isinstance(parts[0], M.In):
            target, domain, conds = parts[0].element, parts[0].set, parts[1:]
            value = compile_expr(element_node, ctx)
        elif shared is not None:
            # \{w_{ij} : i, j \in \{1, \dots, n\}, w_{ij} < \infty\}: i and j both run over the set, as in \forall
            target, over_one, conds = shared
            value = compile_expr(element_node, ctx)
            one = _set_expr(over_one, ctx)
            width = len(target.items)  # type: ignore[attr-defined]

            def product(env: Env) -> Iterable[Any]:
                items = list(items_of(one(env), over_one, ctx))
                check_terms(len(items) ** width, ctx.written(node))
                return itertools.product(items, repeat=width)

            domain, pairs = None, product
        elif ranged is not None and var in (None, ranged[0]):
            # \{\ell_i : 1 \le i < j, f_i > s_j\}: i runs over the integers its condition writes, 1, …, j - 1
            name, lo, above, hi, below, conds = ranged
            target, domain = M.Sym(name, span=node.span), None
            value = compile_expr(element_node, ctx) if var is None else None
            indices = _between(compile_expr(lo, ctx), above, compile_expr(hi, ctx), below)
        elif (box := _ordered_pairs(element_node, parts, ctx)) is not None:
            # \{(k, l) : 1 \le k < l \le n, A[k] > A[l]\}: the pairs between the chain's ends, the chain kept
            target, domain, conds, pairs = element_node, None, parts, box
        elif var is not None:
            # \{i : \ell_i = j\}: i runs over the indices of what the condition indexes by i
            fix = f"\\{{{var} \\in {index_set(ctx.index_base)} : …\\}}"
            target, domain, conds = element_node, None, parts
            indices = index_range(var, parts, node, ctx, compile_expr, fix)
        else:
            raise LocatedError(
                NotExecutable,
                node.span,
                message=f"{ctx.written(node)} names no finite set its elements come from: write \\{{x \\in S : …\\}}",
            )
    names, bind = binder(target, node, ctx)
    over = _set_expr(domain, ctx) if domain is not None else None
    tests = [(compile_expr(c, ctx), c) for c in conds]

    def build(env: Env) -> FiniteSet:
        if indices is not None:
            first, last = indices(env)
            check_terms(last - first + 1, ctx.written(node))
            elements: Iterable[Any] = range(first, last + 1)
        elif pairs is not None:
            elements = pairs(env)
        else:
            elements = items_of(over(env), domain, ctx)  # type: ignore[misc,arg-type]
        saved = save(env, names)
        out = []
        try:
            for x in elements:
                bind(env, x)
                if all(_truth(t(env), c, ctx) for t, c in tests):
                    out.append(x if value is None else value(env))
        finally:
            restore(env, saved)
        try:
            return FiniteSet(out)
        except TypeError as exc:
            raise LocatedError(
                EvaluationFailed, element_node.span, message=f"{ctx.written(element_node)}: {exc}"
            ) from exc

    return build


def _ordered_pairs(element: M.MathNode, parts: list[M.MathNode], ctx: Context) -> Closure | None:
    """The tuples of integers a chain bounds, ``(k, l)`` for ``1 \\le k < l \\le n``: every one between its ends."""
    if not (isinstance(element, M.Tuple) and all(isinstance(i, M.Sym) for i in element.items)):
        return None
    names = tuple(identifier(i) or "" for i in element.items)
    ends = chained_range(names, parts)
    if ends is None:
        return None
    lo, hi = compile_expr(ends[0], ctx), compile_expr(ends[1], ctx)

    def box(env: Env) -> Iterable[tuple[int, ...]]:
        first, last = _whole_or_raise(lo(env), ends[0], ctx), _whole_or_raise(hi(env), ends[1], ctx)
        check_terms(max(last - first + 1, 0) ** len(names), ctx.written(element))
        return itertools.product(range(first, last + 1), repeat=len(names))

    return box


def _truth(value: Any, node: M.MathNode, ctx: Context) -> bool:
    if type(value) is bool:
        return value
    if np.ndim(value) != 0:
        raise LocatedError(EvaluationFailed, node.span, message=f"{ctx.written(node)} is an array, not a truth value")
    return bool(value)


def _indexes_by(var: str, nodes: list[M.MathNode]) -> bool:
    """Whether ``var`` is written as an index in ``nodes`` (``\\ell_i``, ``a[i]``): what makes it run over integers."""
    return any(
        any(identifier(i) == var for i in (n.indices if isinstance(n, M.Idx) else n.args))
        for root in nodes
        for n in M.walk(root)
        if isinstance(n, (M.Idx, M.Index))
    )


def _between(lo: Closure, above: int, hi: Closure, below: int) -> Callable[[Env], tuple[int, int]]:
    def bounds(env: Env) -> tuple[int, int]:
        return int(np.ceil(lo(env))) + above, int(np.floor(hi(env))) - below

    return bounds


def _index_list(indices: Callable[[Env], tuple[int, int]]) -> Closure:
    def listed(env: Env) -> list[int]:
        first, last = indices(env)
        return list(range(first, last + 1))

    return listed


def _quant(node: M.Quant, ctx: Context) -> Closure:
    r"""``\forall x \in S: P``, ``\exists (u, v) \in E : P``, ``\nexists``: over finite sets, stopping early."""
    if node.body is None:
        raise LocatedError(NotExecutable, node.span, message=f"\\{node.kind} {ctx.written(node.var)} states nothing")
    ranges = list(node.var.items) if isinstance(node.var, M.Tuple) else [node.var]
    levels = []
    for r in ranges:
        var = identifier(r) if isinstance(r, M.Sym) else None
        if var is not None and len(ranges) == 1:
            # \exists i : d_i < 0, "d_i < 0 for some i": i runs over the indices of what the statement indexes by i
            fix = f"\\{node.kind} {var} \\in {index_set(ctx.index_base)} : …"
            levels.append(
                (*binder(r, r, ctx), 0, [], _index_list(index_range(var, [node.body], node, ctx, compile_expr, fix)), r)
            )
            continue
        if not isinstance(r, M.In):
            raise LocatedError(
                NotExecutable,
                r.span,
                message=f"\\{node.kind} {ctx.written(r)} names no finite set to range over: "
                f"write \\{node.kind} x \\in S",
            )
        names, bind = binder(r.element, r, ctx)
        width = len(r.element.items) if isinstance(r.element, M.Tuple) else 0
        single = [binder(t, r, ctx) for t in r.element.items] if width else []
        levels.append((names, bind, width, single, _set_expr(r.set, ctx), r.set))
    body, body_node = compile_expr(node.body, ctx), node.body
    # forall: stop at the first counterexample; exists and nexists: at the first witness
    want = node.kind == "forall"
    all_names = [n for level in levels for n in level[0]]

    def search(env: Env, depth: int) -> bool:
        if depth == len(levels):
            return _truth(body(env), body_node, ctx) == want
        names, bind, width, single, over, where = levels[depth]
        elements = list(items_of(over(env), where, ctx))
        if width and elements and not all(type(e) is tuple and len(e) == width for e in elements):
            # \forall u, v \in V: each name over the set, not pairs of it
            for combo in itertools.product(elements, repeat=width):
                for (_, b), v in zip(single, combo):
                    b(env, v)
                if not search(env, depth + 1):
                    return False
            return True
        for x in elements:
            bind(env, x)
            if not search(env, depth + 1):
                return False
        return True

    def quantified(env: Env) -> bool:
        saved = save(env, all_names)
        try:
            everywhere = search(env, 0)  # the body is `want` for every binding
        finally:
            restore(env, saved)
        if node.kind == "forall":
            return everywhere
        return not everywhere if node.kind == "exists" else everywhere  # exists: some binding made it true

    def first_failure(env: Env) -> dict[str, Any] | None:
        # the search stops at the binding that broke it: the names still hold it
        saved = save(env, all_names)
        try:
            return None if search(env, 0) else {n: env[n] for n in all_names if n in env}
        finally:
            restore(env, saved)

    quantified.first_failure = first_failure  # type: ignore[attr-defined]
    return quantified


def witness_search(node: M.Quant, ctx: Context) -> Callable[[Env], dict[str, Any] | None]:
    r"""For ``\exists``: a search for the first binding of its names where its statement holds (``None``: none)."""
    if node.kind != "exists":
        raise ValueError("witness_search takes an \\exists")
    return _quant(node, ctx).first_failure  # type: ignore[attr-defined]  # exists: the search stops at a witness


def forall_failure(node: M.Quant, ctx: Context, env: Env) -> dict[str, Any] | None:
    r"""The first binding of ``\forall``'s names where its statement is false (``{"i": 2}``), else ``None``."""
    if node.kind != "forall":
        raise ValueError("forall_failure takes a \\forall")
    return _quant(node, ctx).first_failure(dict(env))  # type: ignore[attr-defined]
