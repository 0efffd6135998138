"""AV410: a property's ``\\le``/``\\ge`` bound that the default tolerance swamps, read from the spec alone.

``lint`` says it before any run, from the bound's literal value (``10^{-12}``, ``\\frac{1}{2} 10^{-9}``);
``check`` says it again with the relation's own evaluation, which also knows the functions a
bound may call (``\\exp(-30)``). The bound may stand under ``\\forall`` (the relation every
binding is held to). Imports neither numpy nor sympy: lint reads it.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any, Callable

from ...findings import Finding, LocatedError, VacuousBound
from ...math import mathexpr as M

__all__ = ["DEFAULT_TOLERANCE", "literal_value", "quantified_relation", "vacuous_bounds"]

#: the tolerance a check judges ``=``, ``\le`` and ``\ge`` with when it sets none
DEFAULT_TOLERANCE = {"rtol": 1e-6, "atol": 1e-9}
#: a bound is swamped when the tolerance's slack is this share of it or more
_VACUOUS = 0.01


def quantified_relation(check: Any) -> M.Rel | None:
    """The relation ``holds:`` states, under its ``\\forall``\\ s; ``None`` when it states none or does not parse."""
    try:
        tree = check.plan.tree(str(check.get("holds")))
    except LocatedError:
        return None  # reported where the spec is validated
    while isinstance(tree, M.Quant) and tree.kind == "forall" and tree.body is not None:
        tree = tree.body
    return tree if isinstance(tree, M.Rel) else None


def literal_value(node: M.MathNode) -> float | None:
    """The value of a bound written with numbers alone (``10^{-12}``, ``2 \\cdot 10^{-9}``), else ``None``."""
    try:
        value = _literal(node)
    except (ArithmeticError, ValueError, TypeError):
        return None
    return None if value is None or not math.isfinite(value) else value


def _literal(node: M.MathNode) -> float | None:
    if isinstance(node, M.Num):
        return float(node.value)
    if isinstance(node, M.Neg):
        inner = _literal(node.operand)
        return None if inner is None else -inner
    parts: tuple[M.MathNode, ...]
    if isinstance(node, M.BinOp) and node.op in ("+", "-", "*", "/", "cdot", "times"):
        parts = (node.left, node.right)
    elif isinstance(node, M.Juxt):
        parts = (node.left, node.right)
    elif isinstance(node, M.Frac):
        parts = (node.num, node.den)
    elif isinstance(node, M.Pow):
        parts = (node.base, node.exp)
    elif isinstance(node, M.Sqrt) and node.index is None:
        parts = (node.radicand,)
    else:
        return None
    values = [_literal(p) for p in parts]
    if any(v is None for v in values):
        return None
    if isinstance(node, M.Sqrt):
        return math.sqrt(values[0])  # type: ignore[arg-type]
    a, b = values  # type: ignore[misc]
    if isinstance(node, M.Frac) or (isinstance(node, M.BinOp) and node.op == "/"):
        return a / b  # type: ignore[operator]
    if isinstance(node, M.Pow):
        return a**b  # type: ignore[operator]
    if isinstance(node, M.BinOp) and node.op in ("+", "-"):
        return a + b if node.op == "+" else a - b  # type: ignore[operator]
    return a * b  # type: ignore[operator]


def vacuous_bounds(
    check: Any, path: Path | None, value_of: Callable[[str, M.MathNode], float | None] | None = None
) -> list[Finding]:
    """AV410 for each ``\\le``/``\\ge`` of ``check``'s ``holds:`` against a constant the default tolerance swamps.

    Only where the check leaves ``atol``/``rtol`` at their defaults: a tolerance the author set is
    a decision, not an accident. ``value_of(latex, node)`` gives a bound's value (``None``: not
    known); by default its literal value.
    """
    if check.kind != "property" or "atol" in check.params or "rtol" in check.params:
        return []
    tree = quantified_relation(check)
    if tree is None:
        return []
    text = str(check.get("holds"))
    atol, rtol = DEFAULT_TOLERANCE["atol"], DEFAULT_TOLERANCE["rtol"]
    out: list[Finding] = []
    sides = [tree.first] + [e for _, e in tree.rest]
    for (op, _), left, right in zip(tree.rest, sides, sides[1:]):
        if op not in ("<=", ">="):
            continue
        bound = right if op == "<=" else left
        if bound.span is None or any(isinstance(n, (M.Sym, M.Idx)) for n in M.walk(bound)):
            continue  # not a constant: its size is the trial's
        latex = text[bound.span.start : bound.span.end]
        value = value_of(latex, bound) if value_of is not None else literal_value(bound)
        if value is None:
            continue
        slack = atol + rtol * abs(value)
        if value != 0 and slack >= _VACUOUS * abs(value):
            limit = value + slack if op == "<=" else value - slack
            out.append(
                VacuousBound.finding(
                    check.at("holds"),
                    path,
                    check=check.id,
                    bound=latex,
                    atol=f"{atol:g}",
                    rtol=f"{rtol:g}",
                    limit=f"{limit:.3g}",
                )
            )
    return out
