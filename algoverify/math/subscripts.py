r"""How a big operator's subscript says what it runs over.

``\sum_{i=1}^{n}``, ``\max_{x \in S}``, ``\arg\min_{u : \lnot \mathit{seen}_u}``, ``\max_{i, j}``,
``\sum_{1 \le i < j \le n}``.

Read without NumPy: ``lint`` asks it of the spec's formulas (:func:`subscript_problem`) before any
run, and :mod:`.bigops` compiles what it reads.
"""

from __future__ import annotations

from typing import Any

from ..findings import LocatedError, NotExecutable
from . import mathexpr as M
from .latex import written
from .names import identifier

__all__ = ["REDUCTIONS", "conditions", "nested", "subscript", "subscript_problem"]

#: the big operators that run over an index or a set (an integral has its own reading)
REDUCTIONS = frozenset({"sum", "prod", "max", "min", "argmax", "argmin", "bigcup", "bigcap"})


def _said(ctx: Any, node: M.MathNode) -> str:
    """``node`` as its author wrote it, for a message (``ctx`` is :class:`~algoverify.math.numeric.Context`)."""
    return written(node, getattr(ctx, "text", None))


def nested(node: M.BigOp) -> M.BigOp | None:
    r"""``\max_{i, j} \lvert l_{ij} \rvert`` as ``\max_i \max_j``: several indices, each over the positions it indexes.

    Only for reductions whose order does not matter (a sum, a product, a max, a min); an
    ``\arg\max`` over two indices would return a pair, and is read with an explicit set.
    """
    var = node.var
    if node.kind in ("sum", "prod", "max", "min") and node.domain is None and isinstance(var, M.Rel):
        return _ordered(node, var)
    if (
        node.kind not in ("sum", "prod", "max", "min")
        or not isinstance(var, M.Tuple)
        or node.domain is not None
        or node.lo is not None
        or node.hi is not None
        or len(var.items) < 2
        or any(identifier(v) is None or not isinstance(v, M.Sym) for v in var.items)
    ):
        return None
    body = node.body
    for v in reversed(var.items[1:]):
        body = M.BigOp(node.kind, v, None, None, body, None, span=node.span)
    return M.BigOp(node.kind, var.items[0], None, None, body, None, span=node.span)


def subscript_problem(tree: M.MathNode) -> LocatedError | None:
    """The first big operator of ``tree`` whose subscript names nothing to run over: for ``lint``, before a run."""
    for node in M.walk(tree):
        if not isinstance(node, M.BigOp) or node.var is None or (node.kind not in REDUCTIONS):
            continue
        if nested(node) is not None:
            continue
        try:
            subscript(node, None)
        except LocatedError as exc:
            return exc
    return None


def _ordered(node: M.BigOp, var: M.Rel) -> M.BigOp | None:
    r"""``\max_{1 \le i \le j \le n}``, ``\sum_{1 \le i < j \le n}``: each index from the one before it.

    The outer index stops early enough for the inner ranges never to be empty (``i`` up to
    ``n - 1`` when ``i < j \le n``), so a max over pairs is over the pairs, never an empty set.
    """
    terms = [var.first, *(t for _, t in var.rest)]
    ops = [op for op, _ in var.rest]
    names = terms[1:-1]
    if (
        len(names) < 2
        or set(ops) - {"<=", "<"}
        or any(not isinstance(t, M.Sym) or identifier(t) is None for t in names)
    ):
        return None
    span = node.span

    def plus(term: M.MathNode, k: int) -> M.MathNode:
        return term if k == 0 else M.BinOp("+" if k > 0 else "-", term, M.Num(str(abs(k)), span=span), span=span)

    body = node.body
    for k in reversed(range(len(names))):
        lo = plus(terms[k], 1 if ops[k] == "<" else 0)
        hi = plus(terms[-1], -sum(op == "<" for op in ops[k + 1 :]))
        body = M.BigOp(node.kind, names[k], lo, hi, body, None, span=span)
    return body  # type: ignore[return-value]


def subscript(
    node: M.BigOp, ctx: Any
) -> tuple[M.MathNode, M.MathNode | None, M.MathNode | None, M.MathNode | None, list]:
    r"""Read a big operator's subscript: ``(bound variable, set, lo, hi, conditions)``.

    ``\sum_{i=1}^{n}`` (var, lo, hi), ``\max_{x \in S}`` and ``\max_{(u, v) \in E}`` (a set),
    ``\sum_{x \in S, x > 0}`` / ``\sum_{x \in S : x > 0}`` (a set and a condition),
    ``\sum_{j=1, j \ne i}^{n}`` (a range and a condition), ``\sum_{j \ne i}`` (a condition only),
    ``\arg\min_{u : \lnot \mathit{seen}_u}`` (a variable and a condition),
    ``\sum_{(x \in S) \land (x > 0)}`` (as latexify prints a generator with an ``if``).
    """
    var = node.var
    if node.domain is not None:
        if isinstance(var, M.Tuple) and not _parenthesised(var, ctx) and all(isinstance(v, M.Sym) for v in var.items):
            # \max_{i, j \in S}: each of i and j runs over S (the pairs of S × S), unlike \max_{(u, v) \in E}
            return var, _power_set(node.domain, len(var.items)), None, None, []
        if isinstance(var, M.Tuple) or identifier(var) is not None:
            return var, node.domain, None, None, []
    elif identifier(var) is not None:
        return var, None, node.lo, node.hi, []
    parts: tuple[M.MathNode, ...] = ()
    if isinstance(var, M.Tuple):
        parts = var.items
    elif isinstance(var, M.Colon):
        parts = (var.left, var.right)
    elif isinstance(var, (M.In, M.Rel)):
        parts = (var,)
    elif isinstance(var, M.Logic) and var.op == "and":
        parts = var.args  # \sum_{(x \in S) \land (x > 0)}: latexify's sum(x for x in S if x > 0)
    if parts:
        lead = 0
        while lead < len(parts) and isinstance(parts[lead], M.Sym):
            lead += 1
        last = parts[lead] if lead < len(parts) else None
        written = [identifier(p) for p in parts[:lead]] + [identifier(last.element) if isinstance(last, M.In) else None]
        if (
            isinstance(var, M.Tuple)
            and lead
            and isinstance(last, M.In)
            and isinstance(last.element, M.Sym)
            and node.domain is None
            and len(set(written)) == len(written)
        ):
            # \arg\min_{i, j \in \mathcal{C}, i < j}: i and j both in C, then the conditions
            names = (*parts[:lead], last.element)
            pair = M.Tuple(names, span=var.span)
            return pair, _power_set(last.set, len(names)), None, None, list(parts[lead + 1 :])
        first, conds = parts[0], list(parts[1:])
        if isinstance(var, M.Colon) and identifier(first) is not None and node.domain is None:
            # \arg\min_{u : \lnot \mathit{seen}_u}: the indices of the arrays u indexes, those that pass
            return first, None, node.lo, node.hi, conditions(var.right)
        if isinstance(first, M.In) and node.domain is None and node.lo is None and node.hi is None:
            return first.element, first.set, None, None, conds
        if (
            isinstance(first, M.Rel)
            and len(first.rest) == 1
            and first.rest[0][0] == "="
            and identifier(first.first) is not None
            and node.domain is None
            and node.lo is None
        ):
            return first.first, None, first.rest[0][1], node.hi, conds  # \sum_{j=1, j \ne i}^{n}
        if isinstance(first, M.Rel) and identifier(first.first) is not None and node.domain is None:
            return first.first, None, node.lo, node.hi, [first, *conds]  # \sum_{j \ne i}: all indices but i
    raise LocatedError(
        NotExecutable,
        var.span,
        message=f"the subscript {_said(ctx, var)} of \\{node.kind} names no index or set to run over",
    )


def _parenthesised(node: M.MathNode, ctx: Any) -> bool:
    """Whether the note writes ``node`` in parentheses (``(u, v) \\in E``: one pair, not two variables)."""
    text = getattr(ctx, "text", None)
    if text is None or node.span is None:
        return True  # no source to tell: a pair, as before
    return text[: node.span.start].rstrip().endswith("(") or text[node.span.start : node.span.start + 1] == "("


def _power_set(base: M.MathNode, k: int) -> M.MathNode:
    """``S × S × …`` (``k`` times): the tuples whose items each come from ``base``."""
    out = base
    for _ in range(k - 1):
        out = M.BinOp("times", out, base, span=base.span)
    return out


def conditions(node: M.MathNode) -> list[M.MathNode]:
    """The conditions of a subscript or a set-builder: ``P, Q`` and ``P \\land Q`` are both ``[P, Q]``."""
    if isinstance(node, M.Tuple):
        return [c for item in node.items for c in conditions(item)]
    if isinstance(node, M.Logic) and node.op == "and":
        return [c for arg in node.args for c in conditions(arg)]
    return [node]
