"""A listing's math segment parsed with the spans of the note, user macros expanded or not.

:func:`parse_segment` is what every stage that reads an :class:`~algoverify.syntax.ir.Math`
calls: for a segment written as is, it is :func:`~algoverify.math.mathexpr.parse_math` at the
segment's offset; for one whose macros were expanded, the expansion is parsed and every span
of the tree (and of an error) is mapped back through the segment's source map, so a finding
points where the author wrote the macro.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from ..findings import LocatedError
from . import mathexpr as M

__all__ = ["parse_segment", "remap"]


def remap(value: Any, origin: Any) -> Any:
    """``value`` (a tree, or anything holding trees) with every span taken through ``origin``."""
    if isinstance(value, M.MathNode):
        return M.transform(value, lambda n: dataclasses.replace(n, span=origin.span(n.span.start, n.span.end)))
    if isinstance(value, tuple):
        return tuple(remap(v, origin) for v in value)
    return value


def parse_segment(m: Any) -> M.MathNode:
    """Parse ``m`` (an ``ir.Math``: ``latex``, ``span``, ``origin``) into a tree with the note's spans.

    :raises LocatedError: as :func:`~algoverify.math.mathexpr.parse_math`, at the note's offsets.
    """
    origin = getattr(m, "origin", None)
    if origin is None:
        return M.parse_math(m.latex, m.span.start)
    try:
        tree = M.parse_math(m.latex, 0)
    except LocatedError as exc:
        if exc.span is not None:
            exc.span = origin.span(exc.span.start, exc.span.end)
        raise
    return remap(tree, origin)
