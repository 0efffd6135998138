r"""Names a listing gives the quantities of one step: ``H_{k+1}``, ``x_k``, a filter's ``\hat{x}_{k|k-1}``.

Where a letter (``k``) only ever subscripts the quantities of one step, and nothing binds it, the
subscripted names are names of their own (``H_k_plus_1``), never entries of an array ``H`` at a ``k``
nobody gives. :mod:`.listing_parse` finds the letters (``step_letters``) and flattens a listing's
trees; a check's formulas and its spec's LaTeX keys read the same names.
"""

from __future__ import annotations

from typing import Callable

from ..findings import LocatedError
from ..math import mathexpr as M
from ..math.names import identifier
from ..syntax import ir

__all__ = ["flatten_steps", "step_name", "stepped_counters"]


def _step_of(index: M.MathNode) -> tuple[str, str] | None:
    """``(letter, suffix)`` of a step subscript: ``k`` → ``("k", "")``, ``k+1`` → ``("k", "_plus_1")``.

    A filter's ``k|k-1`` (the estimate at k given the data to k − 1) → ``("k", "_given_k_minus_1")``.
    """
    if isinstance(index, M.Given):
        at, given = _step_of(index.event), _step_of(index.condition)
        if at is None or given is None or at[0] != given[0]:
            return None
        return at[0], f"{at[1]}_given_{given[0]}{given[1]}"
    if isinstance(index, M.Sym) and _letter(index):
        return index.name, ""
    if (
        isinstance(index, M.BinOp)
        and index.op in ("+", "-")
        and isinstance(index.left, M.Sym)
        and _letter(index.left)
        and isinstance(index.right, M.Num)
        and index.right.text.isdigit()
    ):
        return index.left.name, ("_plus_" if index.op == "+" else "_minus_") + index.right.text
    return None


def _letter(sym: M.Sym) -> bool:
    return len(sym.name) == 1 and sym.name.isalpha() and sym.name.islower() and not sym.font and not sym.accents


def step_name(node: M.MathNode) -> tuple[str, str] | None:
    """``(letter, variable)`` for ``H_k`` → ``("k", "H_k")``, ``H_{k+1}`` → ``("k", "H_k_plus_1")``; else ``None``."""
    if not (isinstance(node, M.Idx) and len(node.indices) == 1):
        return None
    step = _step_of(node.indices[0])
    base = identifier(node.base)
    if step is None or base is None:
        return None
    return step[0], f"{base}_{step[0]}{step[1]}"


def flatten_steps(tree: M.MathNode, letters: frozenset[str]) -> M.MathNode:
    """``tree`` with each step quantity (``H_{k+1}`` for a step letter ``k``) one name, its span kept."""

    def flat(node: M.MathNode) -> M.MathNode:
        found = step_name(node)
        if found is None or found[0] not in letters:
            return node
        return M.Sym(found[1], span=node.span)

    return M.transform(tree, flat)


_LOOPS = (ir.WhileBlock, ir.RepeatUntil, ir.LoopBlock, ir.ForRange, ir.ForAll)


def stepped_counters(algorithm: ir.Algorithm, parse: Callable[[ir.Math], M.MathNode]) -> frozenset[str]:
    """``k`` of ``k \\gets k + 1`` inside a loop: a counter the listing steps by hand (a ``\\Repeat``'s sweep count).

    ``x^{(k+1)}_i \\gets …`` under such a loop stores the iterate k + 1 entry by entry, as it does
    in a loop over k; with no loop, it is one step from the level ``x^{(k)}`` to the next.
    """
    out: set[str] = set()
    for loop in ir.walk(algorithm):
        if not isinstance(loop, _LOOPS):
            continue
        for node in ir.walk(loop):
            if not isinstance(node, ir.Assign):
                continue
            try:
                target, value = parse(node.target), parse(node.value)
            except LocatedError:
                continue
            name = identifier(target) if isinstance(target, M.Sym) else None
            if (
                name is not None
                and isinstance(value, M.BinOp)
                and value.op == "+"
                and identifier(value.left) == name
                and isinstance(value.right, M.Num)
            ):
                out.add(name)
    return frozenset(out)
