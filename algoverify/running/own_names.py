r"""Names of their own that a listing writes as something else: an entry, a call.

``k_B`` of a constant the prose defines is a labelled name, never entry ``B`` of ``k``; Efron and
Tibshirani's ``\hat\theta^*(\cdot) \gets \frac{1}{B} \sum_b \hat\theta^*(b)`` stores the mean of the
replicates ``\hat\theta^*(b)``: the dot stands for the argument averaged away (as in ``\bar{x}_{(\cdot)}``),
so it is one number, never the table ``\hat\theta^*`` at the position ``\cdot``.
"""

from __future__ import annotations

from typing import Callable, Iterable

from ..findings import LocatedError
from ..math import mathexpr as M
from ..math.names import identifier
from ..syntax import ir
from .families import read_family

__all__ = ["as_constant", "dot_means", "dot_mean", "totals"]


def as_constant(node: M.MathNode, constants: frozenset[str]) -> M.MathNode:
    """``k_B`` of a constant the prose defines, ``E_0`` of an initial value: a labelled name (never an index)."""
    if not (isinstance(node, M.Idx) and len(node.indices) == 1 and isinstance(node.indices[0], (M.Sym, M.Num))):
        return node
    if identifier(node) not in constants:
        return node
    (label,) = node.indices
    text = label.name if isinstance(label, M.Sym) else label.text
    return M.Idx(node.base, (M.Text(text, span=label.span),), span=node.span)


def _dotted(node: M.MathNode) -> str | None:
    """``f`` of ``f(\\cdot)`` or ``f(\\cdot, \\cdot)``: a name applied to placeholders only."""
    if not (isinstance(node, M.Apply) and isinstance(node.fn, M.Sym) and node.args):
        return None
    if not all(isinstance(a, M.Placeholder) and a.symbol == "cdot" for a in node.args):
        return None
    return identifier(node.fn)


def dot_means(targets: Iterable[M.MathNode]) -> frozenset[str]:
    """The names ``f`` whose ``f(\\cdot)`` the listing stores a value into.

    Only a store decides: ``f(\\cdot)`` read alone names the function ``f`` (a ``\\Require s(\\cdot)``).
    """
    return frozenset(name for t in targets if (name := _dotted(t)) is not None)


def dot_mean(node: M.MathNode, names: frozenset[str]) -> M.MathNode:
    """``\\hat\\theta^*(\\cdot)`` of a listing that stores it: the name ``\\hat\\theta^*_{\\cdot}``, wherever read."""
    if _dotted(node) not in names:
        return node
    assert isinstance(node, M.Apply)
    return M.Idx(node.fn, node.args, span=node.span)


def totals(
    algorithm: ir.Algorithm, parse: Callable[[ir.Math], M.MathNode], targets: list[M.MathNode]
) -> frozenset[str]:
    """``a_0`` of Gillespie's ``a_0 \\gets \\sum_j a_j``, the listing taking ``a_1, \\dots, a_M``: a name of its own.

    The family the ``\\Require`` gives counts from 1, and the listing stores into it nowhere else: its
    member 0 does not exist, and what the listing sets there is the total the notation names ``a_0``.
    """
    zeros = {
        name
        for t in targets
        if isinstance(t, M.Idx)
        and len(t.indices) == 1
        and isinstance(t.indices[0], M.Num)
        and t.indices[0].text == "0"
        and (name := identifier(t.base)) is not None
    }
    if not zeros:
        return frozenset()
    taken: set[str] = set()
    for node in ir.walk(algorithm):
        if isinstance(node, ir.Condition) and node.kind in ("require", "input"):
            for m in node.text.math:
                try:
                    tree = parse(m)
                except LocatedError:
                    continue
                for t in tree.items if isinstance(tree, M.Tuple) and not isinstance(tree, M.Range) else (tree,):
                    family = read_family(t) if isinstance(t, M.Range) else None
                    if family is not None and family.first == 1:
                        taken.add(family.name)
    out = set()
    for name in zeros & taken:
        others = [t for t in targets if isinstance(t, (M.Idx, M.Index)) and identifier(t.base) == name]
        if all(isinstance(t, M.Idx) and isinstance(t.indices[0], M.Num) and t.indices[0].text == "0" for t in others):
            out.add(f"{name}_0")
    return frozenset(out)
