r"""What a scope declares itself: the listing's ``\Require``, a function's parameters and its own ``\Require``.

Name resolution (:mod:`.symbols`) starts from it: a name a scope declares needs no other meaning.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Callable, Iterable

from ..math import mathexpr as M
from ..math.names import identifier, word
from ..syntax import ir
from .declarations import Declared, InputSpec, Origin
from .families import fixed_family, read_family
from .requires import declared_inputs
from .scope import Scope, param_trees

__all__ = ["own_declarations"]


def own_declarations(
    scope: Scope,
    outer: InputSpec,
    parse: Callable[[ir.Math], M.MathNode],
    locate: Callable[[int], tuple[int, int]] | None = None,
) -> InputSpec:
    r"""What a scope declares itself: the listing's ``\Require``; a function's parameters.

    The entry function of a listing of functions also takes the ``\Require`` around it
    (``outer``); a parameter written as a family (``y_1, \dots, y_M``) is a list and its size.
    """
    if scope.function is None:
        return outer
    own = outer.merged(InputSpec()) if scope.entry else InputSpec()
    if not scope.entry:
        # \Require A above \Function{Apply}{x}, a helper the entry calls, that reads A: its caller's A,
        # passed down as a recursive call's arrays are; the entry tests the preconditions, once
        for d in outer.inputs:
            if d.name in scope.reads:
                own.declare(replace(d, constraints=(), properties=()))
    node = scope.node
    assert isinstance(node, ir.Function)
    # `\Require` as the first lines inside `\Function{Bisect}{a, b, K}` says what Bisect assumes, as it
    # does above it: a reader does not care on which side of `\Function` the author put it
    inner = declared_inputs(_leading_conditions(node.body), parse, locate, tolerant=True)
    if inner.inputs or inner.conditions or inner.families:
        own = own.merged(inner)
    origin = Origin("parameters", locate(node.span.start)[0] if locate is not None else None)
    for tree in param_trees(node, parse):
        family = read_family(tree, origin) if isinstance(tree, M.Range) else None
        if family is not None:
            own.add_family(family)
            continue
        fixed = fixed_family(tree, origin) if isinstance(tree, M.Range) else None
        if fixed is not None:  # c_1, \dots, c_4: a list of four, counted from its first index
            first, length = fixed
            if own.get(first.name) is None or own.get(first.name).shape is None:  # type: ignore[union-attr]
                own.declare(Declared(first.name, tree.span, (length,), origin=origin))
            own.firsts.setdefault(first.name, first)
            continue
        name = identifier(tree) or word(tree)
        if name is not None and own.get(name) is None:
            own.declare(Declared(name, tree.span, origin=origin))
    return own


def _leading_conditions(body: Iterable[ir.Node]) -> list[ir.Node]:
    """The ``\\Require``/``\\Input`` lines a function's body starts with (comments between them let through)."""
    out: list[ir.Node] = []
    for n in body:
        if isinstance(n, ir.Comment):
            continue
        if not (isinstance(n, ir.Condition) and n.kind in ("require", "input")):
            break
        out.append(n)
    return out
