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

from ..reading.macros import MacroError, MacroTable, expand
from . import ir

__all__ = ["expand_listing"]


def _expand_math(m: ir.Math, table: MacroTable) -> ir.Math:
    try:
        expansion = expand(m.latex, m.span.start, table)
    except MacroError:
        return m
    if not expansion.changed:
        return m
    return dataclasses.replace(m, latex=expansion.text, origin=expansion.map)


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
        return dataclasses.replace(value, **changes) if changes else value
    if isinstance(value, tuple):
        items = tuple(_rebuild(v, table) for v in value)
        return items if any(a is not b for a, b in zip(items, value)) else value
    return value


def expand_listing(algorithm: ir.Algorithm, table: MacroTable | None) -> ir.Algorithm:
    """``algorithm`` with the user macros of ``table`` expanded in every math segment."""
    if not table:
        return algorithm
    return _rebuild(algorithm, table)
