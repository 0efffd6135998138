r"""The rows of math environments: ``cases``, matrices and ``aligned`` chains, as the math builder joins them.

The builder of :mod:`algoverify.math.mathbuild` hands each environment's rows of cells here; a cell
that starts with its relation (``&= 1``) is a :class:`RelCell` until its row is joined.
"""

from __future__ import annotations

from typing import Any

from ..records import frozen
from ..source import Span
from .mathtree import Assign, Cases, Fragment, In, Juxt, Logic, MathNode, Matrix, Rel, Sym, Text


@frozen
class RelCell:
    """A cell of an ``aligned`` row that starts with its relation: ``&= 1``."""

    op: str
    value: MathNode
    span: Span


def juxt_factors(node: MathNode) -> list[MathNode]:
    """The factors of a left-nested juxtaposition, in order (``a b c`` → ``[a, b, c]``)."""
    out: list[MathNode] = []
    while isinstance(node, Juxt):
        out.append(node.right)
        node = node.left
    out.append(node)
    return out[::-1]


def rejoin(factors: list[MathNode]) -> MathNode:
    """The juxtaposition of ``factors``, left-nested as the parser builds it: the inverse of :func:`juxt_factors`."""
    node = factors[0]
    for f in factors[1:]:
        node = Juxt(node, f, span=Span(node.span.start, f.span.end))
    return node


def environment(kind: str, rows: tuple[tuple[Any, ...], ...], span: Span) -> MathNode:
    """Build a :class:`Cases` or a :class:`Matrix` from an environment's rows of cells."""
    joined = [_join_row(row, span) for row in rows]
    while len(joined) > 1 and all(c is None for c in joined[-1]):
        joined.pop()  # a trailing \\ leaves an empty last row
    if kind.rstrip("*") in ("cases", "dcases", "rcases", "numcases"):
        return cases(tuple(joined), span)
    if kind.rstrip("*") in _ALIGNED:
        joined = _continue_chains(joined)
    cells = tuple(tuple(Text("", span=span) if c is None else c for c in row) for row in joined)
    return Matrix(kind, cells, span=span)


_ALIGNED = frozenset(("aligned", "align", "alignat", "split", "gathered", "gather", "eqnarray", "flalign", "multline"))


def _continue_chains(rows: list[tuple[MathNode | None, ...]]) -> list[tuple[MathNode | None, ...]]:
    r"""``a &= b \\ &= c``: a row that starts with its relation continues the chain above it."""
    out: list[tuple[MathNode | None, ...]] = []
    for row in rows:
        head = row[0] if len(row) == 1 else None
        prev = out[-1][-1] if out and out[-1] else None
        if isinstance(head, Fragment) and head.left is None and head.right is not None and head.op != "gets" and prev:
            first, rest = (prev.first, prev.rest) if isinstance(prev, Rel) else (prev, ())
            chain = Rel(first, rest + ((head.op, head.right),), span=Span(prev.span.start, head.span.end))
            out[-1] = out[-1][:-1] + (chain,)
        else:
            out.append(row)
    return out


def _join_row(row: tuple[Any, ...], span: Span) -> tuple[MathNode | None, ...]:
    r"""``x &= 1`` → one relation; a relation cell with nothing before it is a :class:`Fragment`."""
    out: list[MathNode | None] = []
    for cell in row:
        if not isinstance(cell, RelCell):
            out.append(cell)
            continue
        prev = out[-1] if out else None
        if prev is None:
            frag = Fragment(cell.op, None, cell.value, span=cell.span)
            if out:
                out[-1] = frag
            else:
                out.append(frag)
            continue
        if cell.op in ("gets", ":="):  # x &\gets y
            out[-1] = Assign(prev, cell.value, span=Span(prev.span.start, cell.span.end))
            continue
        rest = (prev.rest if isinstance(prev, Rel) else ()) + ((cell.op, cell.value),)
        first = prev.first if isinstance(prev, Rel) else prev
        out[-1] = Rel(first, rest, span=Span(prev.span.start, cell.span.end))
    return tuple(out)


def cases(rows: tuple[tuple[Any, ...], ...], span: Span) -> MathNode:
    r"""``value & condition`` rows → :class:`Cases`; ``\text{otherwise}`` is no condition."""
    branches = []
    for row in rows:
        value = row[0] if row and row[0] is not None else Text("", span=span)
        cond = row[1] if len(row) > 1 else None
        branches.append((value, _condition(cond)))
    return Cases(tuple(branches), span=span)


def _prose_word(node: MathNode) -> str | None:
    r"""The word of ``\text{if}``, or ``\mathrm{if}`` and ``\mathrm{otherwise}`` (latexify's ``a if c else b``)."""
    if isinstance(node, Text):
        return node.text.strip(" ,.").lower()
    if isinstance(node, Sym) and node.name in ("if", "otherwise") and not node.accents:
        return node.name
    return None


def _condition(cond: MathNode | None) -> MathNode | None:
    r"""Drop the prose around a case's condition: ``\text{if } x > 0`` → ``x > 0``; ``\text{otherwise}`` → ``None``."""
    if cond is None or _prose_word(cond) in ("otherwise", "else", ""):
        return None
    return _drop_lead(cond)


def _drop_lead(cond: MathNode) -> MathNode:
    r"""``cond`` without the ``if`` its leftmost operand starts with (``\mathrm{if} \ a > 0 \land b``)."""
    if isinstance(cond, Rel):
        first = _drop_lead(cond.first)
        return cond if first is cond.first else Rel(first, cond.rest, span=Span(first.span.start, cond.span.end))
    if isinstance(cond, In):
        element = _drop_lead(cond.element)
        return cond if element is cond.element else In(element, cond.set, span=Span(element.span.start, cond.span.end))
    if isinstance(cond, Logic) and cond.op in ("and", "or") and cond.args:
        first = _drop_lead(cond.args[0])
        span = Span(first.span.start, cond.span.end)
        return cond if first is cond.args[0] else Logic(cond.op, (first, *cond.args[1:]), span=span)
    if isinstance(cond, Juxt):
        factors = juxt_factors(cond)
        if _prose_word(factors[0]) in ("if", "when", "for", "where"):
            return rejoin(factors[1:])
    return cond
