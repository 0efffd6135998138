r"""Which way a written range counts: read from how it is written, as a reader reads it.

``i = 1, \dots, n`` counts up (and is empty when n = 0); ``i = n, \dots, 1`` and
``i = n-1, \dots, 0`` count down: a number at one end is the end the reader counts from or to.
``i = j + 1, \dots, n`` counts up from one past ``j`` (``n, \dots, j + 1`` down to it);
``i = a, \dots, b`` with a name at both ends does not tell; the documented default is upward,
and ``lint`` warns that the direction depends on the inputs (AV207).
"""

from __future__ import annotations

from . import mathexpr as M

__all__ = ["written_direction", "UPWARD", "DOWNWARD"]

UPWARD, DOWNWARD = 1, -1


def _literal(node: M.MathNode) -> float | None:
    if isinstance(node, M.Num):
        return float(node.value)
    if isinstance(node, M.Neg) and isinstance(node.operand, M.Num):
        return -float(node.operand.value)
    return None


def written_direction(start: M.MathNode, stop: M.MathNode) -> int | None:
    """``+1`` (upward), ``-1`` (downward), or ``None`` when the written bounds do not tell."""
    a, b = _literal(start), _literal(stop)
    if a is not None and b is not None:
        return UPWARD if a <= b else DOWNWARD
    if a is not None:
        return UPWARD  # 1, …, n: counted from the number
    if b is not None:
        return DOWNWARD  # n, …, 1 and n - 1, …, 0: counted down to the number
    if _past(start) and not _past(stop):
        return UPWARD  # i + 1, …, n: from one past i, up (empty when i = n)
    if _past(stop) and isinstance(start, M.Sym):
        return DOWNWARD  # n, …, i + 1: down to one past i
    return None


def _past(node: M.MathNode) -> bool:
    """``i + 1``, ``p^2``, ``2 p``: a start past a name (a name plus, times or to the power of a number above 1)."""
    if isinstance(node, M.BinOp) and node.op == "+":
        return isinstance(node.right, M.Num) and float(node.right.value) > 0 and not isinstance(node.left, M.Num)
    if isinstance(node, M.Pow):
        return isinstance(node.exp, M.Num) and float(node.exp.value) > 1 and isinstance(node.base, M.Sym)
    if isinstance(node, M.Juxt) or (isinstance(node, M.BinOp) and node.op in ("*", "cdot")):
        return isinstance(node.left, M.Num) and float(node.left.value) > 1 and isinstance(node.right, M.Sym)
    return False
