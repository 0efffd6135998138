r"""Names of their own that a listing writes as something else: an entry, a call.

``k_B`` of a constant the prose defines is a labelled name, never entry ``B`` of ``k``; Efron and
Tibshirani's ``\hat\theta^*(\cdot) \gets \frac{1}{B} \sum_b \hat\theta^*(b)`` stores the mean of the
replicates ``\hat\theta^*(b)``: the dot stands for the argument averaged away (as in ``\bar{x}_{(\cdot)}``),
so it is one number, never the table ``\hat\theta^*`` at the position ``\cdot``.
"""

from __future__ import annotations

from typing import Iterable

from ..math import mathexpr as M
from ..math.names import identifier

__all__ = ["as_constant", "dot_means", "dot_mean"]


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
