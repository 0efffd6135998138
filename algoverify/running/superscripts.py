r"""Superscripts a listing writes as levels and iterates, not powers: ``U^{n+1}_i``, ``x^{(k)}``, ``p^{B}``.

A power cannot be assigned, so a target ``x^{k+1}`` names the iterate ``k + 1`` of ``x`` (Boyd's
ADMM), ``U^{n+1}_i`` entry ``i`` of the time level ``n + 1`` (a finite-difference scheme), and
``p^{B}`` a step of its own (Nocedal and Wright); the listing's other mentions read the same way.
These tree rewrites are what :mod:`.listing_parse` applies to each segment, and what the checks'
formulas share; :mod:`.levels` reads the level 0 the prose defines.
"""

from __future__ import annotations

from typing import Callable, Iterable

from ..math import mathexpr as M
from ..math.names import identifier

__all__ = [
    "as_label",
    "entry_of_level",
    "iterate_member",
    "level_entry",
    "stored_levels",
    "superscript_families",
    "superscript_labels",
]


def superscript_families(targets: Iterable[M.MathNode]) -> frozenset[str]:
    r"""``x`` of ``x^{k+1} \gets …`` or ``x^{(k+1)} \gets …`` among assignments' ``targets``: iterates by superscript.

    A power cannot be assigned: Boyd's ADMM writes its iterates ``x^{k+1}``, ``z^{k}``, others
    ``x^{(k)}``. Each is member ``k`` of one family ``x_of``, whose member ``0`` is the input the
    manual names ``x_of_0`` (``x^{(0)}``), as ``x_0`` starts the sequence ``x_k``.
    """
    raised = [(t, _raised(t)) for t in targets]
    return frozenset(
        r[0] for t, r in raised if r is not None and not isinstance(r[1], M.Num) and _capital_power(t) is None
    )


def _raised(node: M.MathNode) -> tuple[str, M.MathNode] | None:
    """``(x, k)`` of ``x^{k}`` or ``x^{(k)}`` (a plain name raised or labelled)."""
    if isinstance(node, M.Pow) and isinstance(node.base, M.Sym):
        script = node.exp
    elif isinstance(node, M.Label) and isinstance(node.base, M.Sym):
        script = node.label
    else:
        return None
    name = identifier(node.base)
    return (name, script) if name is not None else None


def stored_levels(targets: Iterable[M.MathNode]) -> list[tuple[str, M.MathNode]]:
    """``(Q, n + 1)`` of each target ``Q^{n+1}_i`` (or ``Q^{(n+1)}_i``): an entry of a level stored."""
    out = []
    for t in targets:
        level = _level_of(t)
        raised = _raised(level) if level is not None and _capital_power(level) is None else None
        if raised is not None:
            out.append(raised)
    return out


def entry_of_level(node: M.MathNode, levels: frozenset[str]) -> M.MathNode:
    """``Q^{n}_i`` of a one-step listing: entry i of the level ``Q^{n}``, a name of its own (``Q_of_n``).

    ``Q^{n+1}`` is ``Q_of_n_plus_1``, whole or by entry; the level is a name, never a power.
    """
    if isinstance(node, M.Pow) and isinstance(node.exp, M.Num):
        return node  # Q_i^2 of a one-step listing stays a square
    return level_entry(node, lambda letter, _: letter in levels)


def level_entry(node: M.MathNode, known: Callable[[str, str], bool]) -> M.MathNode:
    """``Q^{n+1}_i`` (or ``D^{(t+1)}``) as entry i of the level named ``Q_of_n_plus_1``, when ``known(Q, name)``.

    ``known`` is told the letter and the level's whole name. A number is a level only where it
    is known as one (``v^0_m`` of the input ``v_of_0`` in a check); elsewhere ``x_i^2`` is a square.
    """
    if isinstance(node, M.Label) and isinstance(node.base, M.Sym):
        base, script, entry = node.base, node.label, None
    elif isinstance(node, M.Pow):
        base = node.base.base if isinstance(node.base, M.Idx) else node.base
        script, entry = node.exp, node.base.indices if isinstance(node.base, M.Idx) else None
    else:
        return node
    name = script.text if isinstance(script, M.Num) and script.text.isdigit() else _level_name(script)
    letter = identifier(base) if isinstance(base, M.Sym) else None
    if letter is None or name is None:
        return node
    numbered = isinstance(script, M.Num)
    label = M.Label(base, script if numbered else M.Sym(name, span=script.span), span=node.span)
    whole = identifier(label)
    if whole is None or not known(letter, whole) or (numbered and isinstance(node, M.Label)):
        return node
    return M.Idx(label, entry, span=node.span) if entry is not None else label


def _level_name(script: M.MathNode) -> str | None:
    """``n``, ``n_plus_1``, ``n_minus_1``, ``2h``: a time level or a grid written as a superscript."""
    if isinstance(script, M.Sym):
        return identifier(script)
    if isinstance(script, M.BinOp) and script.op in "+-" and isinstance(script.right, M.Num):
        left = identifier(script.left) if isinstance(script.left, M.Sym) else None
        sign = "plus" if script.op == "+" else "minus"
        return f"{left}_{sign}_{script.right.text}" if left is not None and script.right.text.isdigit() else None
    if isinstance(script, M.Juxt) and isinstance(script.left, M.Num) and isinstance(script.right, M.Sym):
        return f"{script.left.text}{identifier(script.right)}"  # v^{2h}: the grid of spacing 2h
    return None


def _level_of(node: M.MathNode) -> M.MathNode | None:
    """``Q^{n+1}`` of an entry ``Q^{n+1}_i`` (TeX sets both scripts on Q: it reads as ``(Q_i)^{n+1}``); else ``None``.

    Only a script that is no number: ``\\sigma_n^2`` is a square.
    """
    if isinstance(node, M.Pow) and isinstance(node.base, M.Idx) and isinstance(node.base.base, M.Sym):
        if not isinstance(node.exp, M.Num):
            return M.Pow(node.base.base, node.exp, span=node.span)
    if isinstance(node, M.Idx) and _raised(node.base) is not None:
        return node.base
    return None


def iterate_member(
    node: M.MathNode, families: frozenset[str] | set[str], by_entry: frozenset[str] = frozenset()
) -> M.MathNode:
    """``x^{(k)}`` of an iterated ``x`` as member ``k`` of the family ``x_of`` (spans kept); anything else as it is.

    ``by_entry``: the families the listing stores entry by entry (``v^{n+1}_m \\gets …``), whose
    ``v^0_m`` is entry m of level 0; elsewhere ``x_i^2`` stays a square.
    """
    numeric = isinstance(node, M.Pow) and isinstance(node.exp, M.Num)
    if (
        isinstance(node, M.Pow)
        and isinstance(node.base, M.Idx)
        and (not numeric or identifier(node.base.base) in by_entry)
    ):
        raised = _raised(M.Pow(node.base.base, node.exp, span=node.span))
        if raised is not None and raised[0] in families:  # Q^{n}_i, v^0_m: entry i of the iterate n (or 0)
            level = M.Idx(M.Sym(f"{raised[0]}_of", span=node.base.base.span), (node.exp,), span=node.span)
            return M.Index(level, node.base.indices, span=node.span)
    if isinstance(node, M.Idx) and isinstance(node.base, M.Idx) and isinstance(node.base.base, M.Sym):
        if node.base.base.name in {f"{f}_of" for f in families}:  # x^{(k)}_i: entry i of the k-th iterate
            return M.Index(node.base, node.indices, span=node.span)
    raised = _raised(node)
    if raised is None or raised[0] not in families:
        return node
    family = M.Sym(f"{raised[0]}_of", span=node.base.span)  # type: ignore[attr-defined]
    return M.Idx(family, (raised[1],), span=node.span)


def superscript_labels(targets: Iterable[M.MathNode]) -> frozenset[tuple[str, str]]:
    r"""``(p, B)`` of ``p^{B} \gets …`` among assignments' ``targets``: a name with a capital superscript.

    A power cannot be assigned: Nocedal and Wright's ``p^{B}`` and ``p^{U}`` (the full and the
    steepest-descent steps, beside a matrix ``B``) are names, as ``p^{(B)}`` and ``p^{\mathrm{B}}``
    are, wherever the listing writes them.
    """
    return frozenset(pair for pair in map(_capital_power, targets) if pair is not None)


def _capital_power(node: M.MathNode) -> tuple[str, str] | None:
    if not (isinstance(node, M.Pow) and isinstance(node.exp, M.Sym) and isinstance(node.base, (M.Sym, M.Idx))):
        return None
    letter, base = node.exp, identifier(node.base)
    if len(letter.name) != 1 or not letter.name.isupper() or letter.accents or letter.name == "T" or base is None:
        return None
    return base, letter.name


def as_label(node: M.MathNode, labels: frozenset[tuple[str, str]]) -> M.MathNode:
    """``p^{B}`` as the name it is, where ``(p, B)`` is among ``labels`` (:func:`superscript_labels`)."""
    pair = _capital_power(node)
    if pair is None or pair not in labels:
        return node
    return M.Label(node.base, node.exp, span=node.span)  # type: ignore[attr-defined]
