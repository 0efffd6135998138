r"""``\ForAll{\(q \in S\)}`` whose body adds to ``S``: a worklist, every member ``S`` ever holds visited once.

Papers write a seed set so (Schubert et al.'s DBSCAN: ``for each point Q in S`` with
``S := S ∪ N`` inside): the members added while the loop runs are visited too, in the set's
order, after the one at hand. Running over ``S`` as it was when the loop started split clusters
of a correct listing, without a word.

Only growing the set has that one reading. A body that takes members out of ``S`` (other than
the one at hand, which has been visited) leaves open whether a member removed before its turn is
still visited: the statement is refused (lint says it), and a removal the body makes in words is
refused at the run when it happens. ``\While{\(S \ne \emptyset\)}`` says either meaning plainly.
"""

from __future__ import annotations

from collections.abc import Iterator
from collections.abc import Set as AbstractSet
from typing import Any, Callable

from ..findings import LocatedError, NotExecutable
from ..math import mathexpr as M
from ..math.names import identifier
from ..syntax import ir
from .signature import own_statements

_NO_MEMBER = object()


def _write_instead(written: str) -> str:
    return f"write \\While{{\\({written} \\ne \\emptyset\\)}} and take a member out of {written} in the body"


def changed_set(node: ir.ForAll, math: Callable[[ir.Math], M.MathNode]) -> str | None:
    r"""The name of the set ``node`` runs over when its body assigns it, else ``None``.

    Raises :class:`LocatedError` (AV308) at an assignment that does more than add to the set
    (``S \gets S \cup N``) or take out the member at hand (``S \gets S \setminus \{q\}``).
    """
    if node.var is None or node.iterable is None:
        return None
    name = identifier(math(node.iterable))
    if name is None:
        return None
    var = identifier(math(node.var))
    stores = [a for a in own_statements(node.body, ir.Assign) if identifier(math(a.target)) == name]
    for store in stores:
        value = math(store.value)
        if not (_grows(value, name) or _drops_current(value, name, var)):
            raise LocatedError(
                NotExecutable,
                store.span,
                message=f"this changes {node.iterable.latex}, which the \\ForAll around it runs over, other than by "
                f"adding to it: whether a member taken out before its turn is still visited is not said; "
                f"{_write_instead(node.iterable.latex)}",
            )
    return name if stores else None


def members_as_they_come(start: AbstractSet, now: Callable[[], Any], span: Any, written: str) -> Iterator[Any]:
    """Each member the set ever holds, once: those of ``start`` and those added while the loop runs.

    ``now`` reads the set after each pass. A member that left it before its turn stops the run.
    """
    done: set[Any] = set()
    seen: dict[Any, None] = dict.fromkeys(start)
    current: Any = start
    while True:
        if not isinstance(current, AbstractSet):
            raise LocatedError(
                NotExecutable, span, message=f"{written}, which this \\ForAll runs over, is no longer a set"
            )
        gone = next((x for x in seen if x not in done and x not in current), None)
        if gone is not None:
            raise LocatedError(
                NotExecutable,
                span,
                message=f"the body took {gone!r} out of {written} before its turn: whether it is still visited "
                f"is not said; {_write_instead(written)}",
            )
        seen.update(dict.fromkeys(current))
        upcoming = next((x for x in current if x not in done), _NO_MEMBER)
        if upcoming is _NO_MEMBER:
            return
        done.add(upcoming)
        yield upcoming
        current = now()


def _grows(value: M.MathNode, name: str) -> bool:
    """``S \\cup N`` (in any order, of any number of sets): ``S`` and more."""
    return (
        isinstance(value, M.BinOp)
        and value.op == "cup"
        and (
            name in (identifier(value.left), identifier(value.right))
            or _grows(value.left, name)
            or _grows(value.right, name)
        )
    )


def _drops_current(value: M.MathNode, name: str, var: str | None) -> bool:
    """``S \\setminus \\{q\\}`` of the loop's own ``q``: the member at hand, already visited."""
    return (
        var is not None
        and isinstance(value, M.BinOp)
        and value.op == "setminus"
        and identifier(value.left) == name
        and isinstance(value.right, M.SetLit)
        and [identifier(i) for i in value.right.items] == [var]
    )
