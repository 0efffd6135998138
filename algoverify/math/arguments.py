r"""How a call's arguments meet the inputs of the function it calls, as a note's formulas write them.

``F(c, x_0, \eta, 0, T)`` of a listing whose inputs are ``(\eta, \delta, x_0, T, d)``: arguments written as
an input's name go to that input, and a call that names every input (or all but one) fixes the order the
others of its check follow. Where neither names nor places decide, the call is refused rather than read
one way or the other.
Nothing here imports NumPy: ``lint`` says what ``check`` would.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable

from ..findings import LocatedError
from . import mathexpr as M
from .names import identifier

__all__ = ["call_of", "misplaced_arguments", "written_order"]


def misplaced_arguments(
    inputs: tuple[str, ...] | list[str], names: list[str | None], written: list[str] | None = None
) -> str | None:
    r"""Why a call written with argument names ``names`` cannot be read on ``inputs``, else ``None``.

    A call names its inputs by place, by name (every input but one named), or in the ``written``
    order another call of the check names them in (:func:`written_order`). One read by place that
    writes an input's name at another input's place (``F(c, x_0, \eta, 0, T)`` of ``F(\eta, \delta,
    x_0, T, d)``: c would be η) is neither: refused, never read one way or the other.
    """
    placed = [n for n in names if n is not None and n in inputs]
    if len(names) != len(inputs) or len(set(placed)) != len(placed) or len(placed) >= len(names) - 1:
        return None  # another count is said as such; one name twice is read by place; enough names place them
    if written is not None or all(inputs.index(n) == names.index(n) for n in placed):
        return None
    return (
        f"it names {', '.join(placed)} at other places than the function takes them, and too few inputs by "
        f"name to place the rest: write every argument in its order ({', '.join(inputs)}), or name all but one"
    )


def written_order(
    texts: Iterable[Any], called: str, inputs: list[str], read: Callable[[str], M.MathNode]
) -> list[str] | None:
    r"""The inputs in the order a call of ``called`` in ``texts`` (a check's formulas) names them, else ``None``.

    The call names every input once, or every input but one (``F(d, x_0, \eta, 0, T)``: the 0 is δ).
    """
    for text in texts:
        if not isinstance(text, str):
            continue
        try:
            tree = read(text)
        except LocatedError:
            continue
        for node in M.walk(tree):
            args = call_of(node, called)
            if args is None or len(args) != len(inputs):
                continue
            named = [identifier(a) if isinstance(a, (M.Sym, M.Idx)) else None for a in args]
            known = [n for n in named if n in inputs]
            if len(set(known)) != len(known) or len(known) < len(inputs) - 1:
                continue
            left = iter(n for n in inputs if n not in known)
            return [n if n in inputs else next(left) for n in named]
    return None


def call_of(node: M.MathNode, called: str) -> tuple[M.MathNode, ...] | None:
    """The arguments of ``node`` when it calls ``called`` (``f(a, b)``); else ``None``.

    ``C([s], k_a)_{2}`` is the output of a call written as its group's subscript; in ``k_a C(…)_{1}``
    the call is the last factor before the group.
    """
    if isinstance(node, (M.Apply, M.Call)):
        name = identifier(node.fn) if isinstance(node, M.Apply) else node.func
        return node.args if name == called else None
    if not (isinstance(node, M.Juxt) and isinstance(node.right, M.Idx) and isinstance(node.right.base, M.Tuple)):
        return None
    last = node.left
    while isinstance(last, M.Juxt):
        last = last.right
    return node.right.base.items if identifier(last) == called else None
