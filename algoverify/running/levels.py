r"""The level 0 of a listing that stores a family by level, as the prose around it defines it.

Farin's de Casteljau listing stores ``b_i^r \gets (1 - t) b_i^{r-1} + t b_{i+1}^{r-1}`` (the
levels ``b_of``) and its prose says "set \(b_i^0 = b_i\)": the level 0 is the control points, a
definition the first pass reads (``b^{r-1}_i`` at ``r = 1``), so the family ``b`` is what the
listing takes. Nothing here runs anything.
"""

from __future__ import annotations

from .declarations import InputSpec
from .scope import Read, Scope

__all__ = ["defined_levels", "level_reads"]


def _levels(flat: str) -> str | None:
    """``b_of`` of the level 0 ``b_of_0``; ``None`` of any other name."""
    levels = flat.removesuffix("_0")
    return levels if levels != flat and levels.endswith("_of") else None


def level_reads(scope: Scope, context: InputSpec, taken: set[str]) -> dict[str, Read]:
    """The levels 0 the prose defines of the levels ``scope`` stores, as reads of the scope (``taken``: bound)."""
    out = {}
    for flat, (value, _) in context.definitions.items():
        levels = _levels(flat)
        if levels is not None and levels in scope.bound and flat not in taken:
            # where the listing first reads the levels: a definition's reads are reported there
            out[flat] = Read(flat, scope.entry_reads.get(levels, value.span))
    return out


def defined_levels(definitions: list[tuple[str, object]]) -> set[str]:
    """The levels 0 among the definitions a scope binds: each starts its levels as a given one would."""
    return {name for name, _ in definitions if _levels(name) is not None}
