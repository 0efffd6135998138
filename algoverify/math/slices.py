r"""Ranges of indices in a subscript: ``U_{k, k:n}``, ``A(i, :)``, ``P_{k,:}``, ``x[2:m]``.

A reader of numerical linear algebra reads ``k:n`` in a subscript as the positions ``k`` to
``n``, both included, counted in the listing's index base (Golub and Van Loan's notation, and
MATLAB's), and a lone ``:`` as the whole axis. One exception follows the code it looks like:
``x[a:b]`` in square brackets, in a listing indexed from 0, is Python's slice, ``b`` excluded.

The math parser reads ``k, k:n`` as ``(k, k) : n`` (its ``:`` binds looser than the comma,
as in ``f : A \to B``); :func:`index_items` regroups a subscript's items as a reader does.
"""

from __future__ import annotations

from ..records import frozen
from . import mathexpr as M

__all__ = ["IndexSpan", "index_items", "is_span", "slice_of"]


@frozen
class IndexSpan:
    """The positions ``lo`` to ``hi`` of one axis, as written (``None``: that end of the axis)."""

    lo: int | None = None
    hi: int | None = None
    #: ``x[a:b]`` of a 0-based listing: Python's slice, ``b`` excluded
    half_open: bool = False


def _groups(node: M.MathNode) -> list[list[M.MathNode]]:
    """The subscript's items split at commas, each a run of terms joined by colons."""
    if isinstance(node, M.Tuple) and not isinstance(node, M.Range):
        return [g for item in node.items for g in _groups(item)]
    if isinstance(node, M.Colon):
        left, right = _groups(node.left), _groups(node.right)
        return left[:-1] + [left[-1] + right[0]] + right[1:]
    return [[node]]


def index_items(indices: tuple[M.MathNode, ...]) -> tuple[M.MathNode, ...]:
    """``(Colon((k, k), n),)`` → ``(k, Colon(k, n))``: the items of a subscript, each a position or a range.

    A run of three terms (MATLAB's ``a:s:b``) stays a colon, which has no value: a finding where it is.
    """
    out: list[M.MathNode] = []
    for index in indices:
        for group in _groups(index):
            if len(group) == 1:
                out.append(group[0])
                continue
            first, last = group[0], group[-1]
            span = first.span.cover(last.span) if first.span and last.span else index.span
            out.append(M.Colon(first, last, span=span) if len(group) == 2 else index)
    return tuple(out)


def is_span(node: M.MathNode) -> bool:
    """A range of positions (``k:n``) or a whole axis (``:``)."""
    return isinstance(node, M.Colon) or (isinstance(node, M.Placeholder) and node.symbol == ":")


def slice_of(span: IndexSpan, size: int, base: int) -> tuple[slice, tuple[int, int] | None]:
    """The NumPy slice of ``span`` on an axis of ``size``, and the written end that falls outside, if one does.

    An empty range (``k+1:k``) is an empty slice wherever it stands, as the reader's "no positions".
    """
    lo = base if span.lo is None else span.lo
    hi = size - 1 + base if span.hi is None else span.hi - (1 if span.half_open else 0)
    if hi < lo:
        return slice(0, 0), None
    for end in (lo, hi):
        if not base <= end < size + base:
            return slice(0, 0), (end, base)
    return slice(lo - base, hi - base + 1), None
