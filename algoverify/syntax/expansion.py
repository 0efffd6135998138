"""User macros expanded in a listing's math, each segment keeping the map back to the note.

Consumes a parsed :class:`~algoverify.syntax.ir.Algorithm` and the note's
:class:`~algoverify.reading.macros.MacroTable`; produces the same tree with every math segment
that used a macro replaced by its expansion (``Math.origin`` holds the source map). A segment
whose expansion fails (a definition that recurses forever) is kept as written: the linter
reports it at the use (AV206), and running it reports the unknown macro.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from ..reading.macros import MacroError, MacroTable, SourceMap, expand
from . import ir
from .build import _assignment_split

__all__ = ["expand_listing"]


def _expand_math(m: ir.Math, table: MacroTable) -> ir.Math:
    try:
        expansion = expand(m.latex, m.span.start, table)
    except MacroError:
        return m
    if not expansion.changed:
        return m
    return dataclasses.replace(m, latex=expansion.text, origin=expansion.map)


def _slice(m: ir.Math, start: int, end: int) -> ir.Math | None:
    """The expanded segment's ``[start, end)``, trimmed, with its share of the source map."""
    chunk = m.latex[start:end]
    lead = len(chunk) - len(chunk.lstrip())
    body = chunk.strip()
    if not body:
        return None
    a, b = start + lead, start + lead + len(body)
    origin = SourceMap(m.origin.starts[a:b], m.origin.ends[a:b], m.origin.span(a, b).end)
    return ir.Math(m.origin.span(a, b), body, False, origin)


def _as_assignment(node: ir.TextStatement) -> ir.Node:
    r"""A statement whose macro expands to an assignment operator (``x \pluseq y``) is that assignment."""
    parts = node.text.parts
    if len(parts) != 1 or not isinstance(parts[0], ir.Math) or parts[0].origin is None:
        return node
    math = parts[0]
    split = _assignment_split(math.latex)
    if split is None:
        return node
    target, value = _slice(math, 0, split[0]), _slice(math, split[1], len(math.latex))
    if target is None or value is None:
        return node
    return ir.Assign(node.span, target, value, math.latex[split[0] : split[1]], node.comment)


def _rebuild(value: Any, table: MacroTable) -> Any:
    if isinstance(value, ir.Math):
        return _expand_math(value, table)
    if isinstance(value, ir.Node):
        changes = {}
        for f in dataclasses.fields(value):
            if f.name == "span":
                continue
            old = getattr(value, f.name)
            new = _rebuild(old, table)
            if new is not old:
                changes[f.name] = new
        rebuilt = dataclasses.replace(value, **changes) if changes else value
        if isinstance(rebuilt, ir.TextStatement) and changes and rebuilt.kind is None:
            return _as_assignment(rebuilt)
        return rebuilt
    if isinstance(value, tuple):
        items = tuple(_rebuild(v, table) for v in value)
        return items if any(a is not b for a, b in zip(items, value)) else value
    return value


def expand_listing(algorithm: ir.Algorithm, table: MacroTable | None) -> ir.Algorithm:
    """``algorithm`` with the user macros of ``table`` expanded in every math segment."""
    if not table:
        return algorithm
    return _rebuild(algorithm, table)
