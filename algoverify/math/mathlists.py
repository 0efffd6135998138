r"""Comma lists and the ranges a quantifier runs over, as a reader groups them.

``i = 1, \dots, k`` is ``i = (1, …, k)``, ``q_0, q_1, \dots, q_n`` the family from ``q_0`` to
``q_n``, ``\forall i, j, P`` quantifies ``P`` over ``i`` and ``j``, and ``\forall 1 \le i \le m``
ranges over the integers between. :mod:`.mathbuild` calls these while it builds a tree.
"""

from __future__ import annotations

from ..source import Span
from .mathtree import Assign, BinOp, Dots, Idx, In, Logic, MathNode, Num, Quant, Range, Rel, SetLit, Sym, Tuple

__all__ = ["lift_list", "quantified_over", "written_range"]


def lift_list(items: tuple[MathNode, ...], span: Span) -> MathNode:
    r"""Build a comma list, lifting a leading relation and a trailing ``\in`` over it.

    ``i = 1, \dots, k`` reads as ``i = (1, …, k)`` and ``x_1, \dots, x_n \in S`` as
    ``(x_1, …, x_n) \in S``: the comma binds tighter than the relation in these idioms.
    A quantifier takes the list: ``\forall i, j, P`` quantifies ``P`` over ``i, j``, and
    ``P, \forall i`` quantifies ``P``.
    """
    first, last = items[0], items[-1]
    if isinstance(first, Quant) and first.body is None and len(items) > 1:
        return _lift_quant(first, items[1:], span)
    ending = first.args[-1] if isinstance(first, Logic) and first.op in ("and", "or") and first.args else None
    if isinstance(ending, Quant) and ending.body is None and len(items) > 1 and isinstance(last, In):
        # H = H^{\top} \land \forall i, j \in S: the names after the last operand's quantifier are its own
        lifted = _lift_quant(ending, items[1:], Span(ending.span.start, span.end))
        return Logic(first.op, first.args[:-1] + (lifted,), span=span)
    if isinstance(last, Quant) and last.body is None and len(items) == 2:
        return Quant(last.kind, last.var, first, span=span)
    if len(items) == 4 and isinstance(items[1], Quant) and items[1].body is None and isinstance(items[2], Dots):
        q = items[1]
        if _counts_from(q.var):  # P, \forall i = 1, \dots, m
            closed = lift_list((q, items[2], last), Span(q.span.start, span.end))
            if isinstance(closed, Quant):
                return Quant(q.kind, closed.var, first, span=span)
    has_dots = any(isinstance(i, Dots) for i in items)
    if has_dots and isinstance(first, Rel) and len(first.rest) == 1:
        ((op, lo),) = first.rest
        inner = lift_list((lo,) + items[1:], Span(lo.span.start, span.end))
        return Rel(first.first, ((op, inner),), span=span)
    plain = all(not isinstance(i, (Rel, In, Logic, Assign)) for i in items[:-1])
    if isinstance(last, In) and plain and (has_dots or len(items) > 1):
        inner = lift_list(items[:-1] + (last.element,), Span(span.start, last.element.span.end))
        return In(inner, last.set, span=span)
    if len(items) == 3 and isinstance(first, Quant) and _counts_from(first.var) and isinstance(items[1], Dots):
        # P \quad \forall i = 1, \dots, m: the range closes the quantifier written after its statement
        return _closed_quant(first, last, span)
    trailing = first.args[-1] if isinstance(first, Logic) and first.op in ("and", "or") and first.args else None
    if len(items) == 3 and isinstance(trailing, Quant) and _counts_from(trailing.var) and isinstance(items[1], Dots):
        # a \land \forall l = 1, \dots, i : P and P \land Q \quad \forall i = 1, \dots, n: the range is the quantifier's
        closed = _closed_quant(trailing, last, Span(trailing.span.start, span.end))
        return Logic(first.op, first.args[:-1] + (closed,), span=span)
    if len(items) == 3 and isinstance(items[1], Dots) and not isinstance(first, Dots) and not isinstance(last, Dots):
        return Range(first, last, span=span)
    if len(items) == 4 and isinstance(items[2], Dots) and _next_member(first, items[1]):
        return Range(first, last, span=span)  # q_0, q_1, \dots, q_n: the family from q_0 to q_n
    return Tuple(items, span=span)


def _next_member(first: MathNode, second: MathNode) -> bool:
    """``q_0`` then ``q_1``: two members of one family at consecutive numbered indices."""
    if not (isinstance(first, Idx) and isinstance(second, Idx) and first.base == second.base):
        return False
    if not (len(first.indices) == len(second.indices) == 1):
        return False
    a, b = first.indices[0], second.indices[0]
    return (
        isinstance(a, Num)
        and isinstance(b, Num)
        and a.text.isdigit()
        and b.text.isdigit()
        and int(b.text) == int(a.text) + 1
    )


def _counts_from(var: MathNode) -> bool:
    """``i = 1``: a quantifier's variable and where it starts, its range still to come."""
    return isinstance(var, Rel) and len(var.rest) == 1 and var.rest[0][0] == "=" and isinstance(var.first, Sym)


def quantified_over(var: MathNode) -> MathNode:
    r"""What a quantifier ranges over, as a finite :class:`In` where the reader sees one.

    ``i = 1, \dots, m`` and ``1 \le i \le m`` (``<`` one short of the bound) name the integers
    from the first to the last, as ``i \in \{1, \dots, m\}`` does; anything else is kept.
    """
    if isinstance(var, Rel) and len(var.rest) == 1 and var.rest[0][0] == "=" and isinstance(var.rest[0][1], Range):
        name, whole = var.first, var.rest[0][1]
    elif (
        isinstance(var, Rel)
        and len(var.rest) == 2
        and {op for op, _ in var.rest} <= {"<=", "<"}
        and isinstance(var.rest[0][1], Sym)
    ):
        (first, name), (second, last) = var.rest
        one = Num("1", span=var.span)
        lo = var.first if first == "<=" else BinOp("+", var.first, one, span=var.first.span)
        hi = last if second == "<=" else BinOp("-", last, one, span=last.span)
        whole = Range(lo, hi, span=Span(var.first.span.start, last.span.end))
    elif _two_ordered(var):
        return _pair_over(var)  # type: ignore[arg-type]
    else:
        return var
    if not isinstance(name, Sym):
        return var
    return In(name, SetLit((whole,), span=whole.span), span=var.span)


def _two_ordered(var: MathNode) -> bool:
    """``1 \\le i < j \\le n``: two names between two bounds, in order."""
    return (
        isinstance(var, Rel)
        and len(var.rest) == 3
        and {op for op, _ in var.rest} <= {"<=", "<"}
        and all(isinstance(v, Sym) for _, v in var.rest[:2])
    )


def _pair_over(var: Rel) -> MathNode:
    r"""``1 \le i < j \le n`` as ``i \in \{1, \dots, n\}, j \in \{i + 1, \dots, n\}``: the pairs in that order."""
    (first, i), (middle, j), (last, hi) = var.rest
    one = Num("1", span=var.span)
    lo = var.first if first == "<=" else BinOp("+", var.first, one, span=var.first.span)
    top = hi if last == "<=" else BinOp("-", hi, one, span=hi.span)
    start = i if middle == "<=" else BinOp("+", i, one, span=i.span)
    outer = In(i, SetLit((Range(lo, top, span=var.span),), span=var.span), span=var.span)
    inner = In(j, SetLit((Range(start, top, span=var.span),), span=var.span), span=var.span)
    return Tuple((outer, inner), span=var.span)


def _closed_quant(quant: Quant, last: MathNode, span: Span) -> Quant:
    """``\\forall i = 1`` and the list's last item ``m``: the quantifier over ``1, …, m``, its body kept."""
    var = quant.var
    whole = Range(var.rest[0][1], last, span=Span(var.rest[0][1].span.start, last.span.end))  # type: ignore[union-attr]
    over = quantified_over(Rel(var.first, (("=", whole),), span=Span(var.span.start, last.span.end)))  # type: ignore[union-attr]
    return Quant(quant.kind, over, quant.body, span=span)


def _lift_quant(quant: Quant, rest: tuple[MathNode, ...], span: Span) -> MathNode:
    r"""``\forall i, j, P``: the names after the quantifier are its variables, the last statement its body."""
    var = quant.var
    if _counts_from(var) and len(rest) >= 2 and isinstance(rest[0], Dots):
        # \forall i = 1, \dots, m: P: the dots and the last bound finish the range, not more names
        lo, hi = var.rest[0][1], rest[1]
        whole = Range(lo, hi, span=Span(lo.span.start, hi.span.end))
        var = quantified_over(Rel(var.first, (("=", whole),), span=Span(var.span.start, hi.span.end)))
        quant, rest = Quant(quant.kind, var, quant.body, span=quant.span), rest[2:]
        if not rest:
            return Quant(quant.kind, var, None, span=span)
    *names, last = rest
    if isinstance(last, In) and all(isinstance(n, Sym) for n in (var, *names, last.element)):
        # \forall i, j, k \in S: each name ranges over S (as \forall i \in S, j \in S, k \in S), never
        # "for all i, j: k \in S"
        over = tuple(In(n, last.set, span=n.span) for n in (var, *names, last.element))
        return Quant(quant.kind, Tuple(over, span=Span(var.span.start, last.span.end)), None, span=span)
    statement = not isinstance(last, (Sym, Idx))
    var_items = (quant.var, *names) if statement else (quant.var, *rest)
    if len(var_items) == 1:
        var = var_items[0]
    else:
        var = Tuple(tuple(var_items), span=Span(var_items[0].span.start, var_items[-1].span.end))
    return Quant(quant.kind, var, last if statement else None, span=span)


_LOWER = {"<": 1, "lt": 1, "<=": 0, "le": 0, "leq": 0}


def chained_range(names: tuple[str, ...], parts: list[MathNode]) -> tuple[MathNode, MathNode] | None:
    r"""The ends of a chain that orders ``names`` between two bounds: ``1 \le k < l \le n`` gives ``(1, n)``.

    ``\{(k, l) : 1 \le k < l \le n, A[k] > A[l]\}``: each name runs between the chain's ends, and
    the chain itself (a condition kept) orders them; ``None`` where no part is such a chain.
    """
    for part in parts:
        if not isinstance(part, Rel) or len(part.rest) != len(names) + 1:
            continue
        middle = [e for _, e in part.rest[:-1]]
        if all(op in _LOWER for op, _ in part.rest) and [
            m.name if isinstance(m, Sym) and not m.accents and not m.font else None for m in middle
        ] == list(names):
            return part.first, part.rest[-1][1]
    return None


def written_range(parts: list[MathNode]) -> tuple[str, MathNode, int, MathNode, int, list[MathNode]] | None:
    r"""A condition that writes a variable's range: ``1 \le i < j`` among ``parts`` (a set-builder's conditions).

    Returns the variable, its lower bound and how much to add to it (1 when strict), its upper
    bound and how much to take from it, and the other conditions; ``None`` when no part bounds one
    name from both sides (``\{\ell_i : 1 \le i < j, f_i > s_j\}``: i runs over 1, …, j - 1).
    """
    for k, part in enumerate(parts):
        if not isinstance(part, Rel) or len(part.rest) != 2:
            continue
        (op1, middle), (op2, hi) = part.rest
        plain = isinstance(middle, Sym) and not middle.accents and not middle.font
        var = middle.name if plain else None  # type: ignore[union-attr]
        if var is None or op1 not in _LOWER or op2 not in _LOWER:
            continue
        return var, part.first, _LOWER[op1], hi, _LOWER[op2], parts[:k] + parts[k + 1 :]
    return None
