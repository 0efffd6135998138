r"""Which way a written range counts: read from how it is written, as a reader reads it.

``i = 1, \dots, n`` counts up (and is empty when n = 0); ``i = n, \dots, 1`` and
``i = n-1, \dots, 0`` count down: a number at one end is the end the reader counts from or to.
``i = j + 1, \dots, n`` counts up from one past ``j`` (``n, \dots, j + 1`` down to it);
``i = a, \dots, b - 1`` counts up to one before an end (Python's ``range(a, b)``);
``i = a, \dots, b`` with a name at both ends does not tell; the documented default is upward,
and ``lint`` warns that the direction depends on the inputs (AV207) — unless an enclosing loop
tells: inside ``k = 1, \dots, n - 1``, the range ``j = k, \dots, n`` counts up, since every
value of ``k`` is at most ``n`` (``range_directions``).
"""

from __future__ import annotations

from collections.abc import Callable

from ..findings import LocatedError
from ..syntax import ir
from . import mathexpr as M

__all__ = ["written_direction", "range_directions", "literal_number", "UPWARD", "DOWNWARD"]

UPWARD, DOWNWARD = 1, -1


def literal_number(node: M.MathNode) -> float | None:
    """``3``, ``-1``: the number a literal writes, else ``None``."""
    if isinstance(node, M.Num):
        return float(node.value)
    if isinstance(node, M.Neg) and isinstance(node.operand, M.Num):
        return -float(node.operand.value)
    return None


def written_direction(start: M.MathNode, stop: M.MathNode) -> int | None:
    """``+1`` (upward), ``-1`` (downward), or ``None`` when the written bounds do not tell."""
    a, b = literal_number(start), literal_number(stop)
    if a is not None and b is not None:
        return UPWARD if a <= b else DOWNWARD
    if a is not None:
        return UPWARD  # 1, …, n: counted from the number
    if b is not None:
        return DOWNWARD  # n, …, 1 and n - 1, …, 0: counted down to the number
    if isinstance(start, M.Neg) and M.dump(start.operand) == M.dump(stop):
        return UPWARD  # -M, …, M: a window symmetric about 0, counted up
    if _past(start) and not _past(stop):
        return UPWARD  # i + 1, …, n: from one past i, up (empty when i = n)
    if _past(stop) and isinstance(start, M.Sym):
        return DOWNWARD  # n, …, i + 1: down to one past i
    low, high = _end_word(start), _end_word(stop)
    if low in _LOW_ENDS and high == _LOW_ENDS[low]:
        return UPWARD  # lo, …, hi − 1: the names say which end is the low one
    if high in _LOW_ENDS and low == _LOW_ENDS[high]:
        return DOWNWARD
    if _call_of(start, "max") or _call_of(stop, "min"):
        return UPWARD  # \max(0, k - n + 1), …, \min(k, m - 1): a range clipped to both ends, counted up
    if _less_one(stop):
        return UPWARD  # M, …, N - 1, M - 1, …, N - 1 and r_i, …, r_{i+1} - 1: up to one before an end
    return None


def _call_of(node: M.MathNode, name: str) -> bool:
    return isinstance(node, M.Call) and node.func == name


def _less_one(node: M.MathNode) -> bool:
    """``N - 1``, ``r_{i+1} - 1``: a name less one, the last index before an end (Python's half-open range)."""
    return (
        isinstance(node, M.BinOp)
        and node.op == "-"
        and isinstance(node.right, M.Num)
        and node.right.text == "1"
        and not isinstance(node.left, M.Num)
    )


#: names of a window's low end, and of its high end: ``\mathit{lo}, \dots, \mathit{hi} - 1`` counts up
_LOW_ENDS = {"lo": "hi", "low": "high", "left": "right", "first": "last", "start": "end", "begin": "end"}


def _end_word(node: M.MathNode) -> str | None:
    """``hi`` of ``hi``, ``hi - 1`` or ``hi + 1``: the name at an end of a range."""
    if isinstance(node, M.BinOp) and node.op in ("+", "-") and isinstance(node.right, M.Num):
        node = node.left
    return node.name.lower() if isinstance(node, M.Sym) else None


def _past(node: M.MathNode) -> bool:
    """``i + 1``, ``p^2``, ``2 p``: a start past a name (a name plus, times or to the power of a number above 1)."""
    if isinstance(node, M.BinOp) and node.op == "+":
        return isinstance(node.right, M.Num) and float(node.right.value) > 0 and not isinstance(node.left, M.Num)
    if isinstance(node, M.Pow):
        return isinstance(node.exp, M.Num) and float(node.exp.value) > 1 and isinstance(node.base, M.Sym)
    if isinstance(node, M.Juxt) or (isinstance(node, M.BinOp) and node.op in ("*", "cdot")):
        return isinstance(node.left, M.Num) and float(node.left.value) > 1 and isinstance(node.right, M.Sym)
    return False


def _below(node: M.MathNode, name: str) -> bool:
    """``n`` or ``n - 2``: the name, or the name less a non-negative number."""
    if isinstance(node, M.Sym):
        return node.name == name
    return (
        isinstance(node, M.BinOp)
        and node.op == "-"
        and isinstance(node.right, M.Num)
        and float(node.right.value) >= 0
        and isinstance(node.left, M.Sym)
        and node.left.name == name
    )


Extent = tuple[M.MathNode, M.MathNode]  # the smaller end and the larger end of an enclosing range


def _nested(start: M.MathNode, stop: M.MathNode, extents: dict[str, Extent]) -> int | None:
    """The direction an enclosing loop settles: its variable at one end, the other end beyond its extent."""
    if isinstance(start, M.Sym) and start.name in extents:
        low, high = extents[start.name]
        if isinstance(stop, M.Sym) and _below(high, stop.name):
            return UPWARD  # k ≤ n − 1 ≤ n: k, …, n counts up (one pass when k = n)
    if isinstance(stop, M.Sym) and stop.name in extents:
        low, high = extents[stop.name]
        if isinstance(start, M.Sym) and _below(high, start.name):
            return DOWNWARD  # k ≤ n: n, …, k counts down
    return None


def range_directions(algorithm: ir.Node, parse: Callable[[ir.Math], M.MathNode]) -> dict[int, int | None]:
    """Each ``ForRange``'s direction (keyed by ``id``), from its bounds and the loops around it.

    ``parse`` reads a header's math; a header it cannot read is left undecided (``None``), and
    reported where the math is.
    """
    out: dict[int, int | None] = {}

    def visit(node: ir.Node, extents: dict[str, Extent]) -> None:
        if isinstance(node, ir.ForRange):
            try:
                var, start, stop = parse(node.var), parse(node.start), parse(node.stop)
            except LocatedError:  # undecided; the math's own finding says why
                out[id(node)] = None
            else:
                direction = written_direction(start, stop)
                if direction is None and node.step is None and node.second is None:
                    direction = _nested(start, stop, extents)
                out[id(node)] = direction
                if isinstance(var, M.Sym) and node.step is None and node.second is None and node.direction is None:
                    if direction == UPWARD:
                        extents = {**extents, var.name: (start, stop)}
                    elif direction == DOWNWARD:
                        extents = {**extents, var.name: (stop, start)}
        for child in ir.iter_children(node):
            visit(child, extents)

    visit(algorithm, {})
    return out
