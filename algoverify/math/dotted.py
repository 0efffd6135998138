r"""A sum written out with an ellipsis, read as the ``\sum`` it abbreviates.

``x_1 + x_2 + \dots + x_n`` is :math:`\sum_{k=1}^{n} x_k`; ``c_0 + c_1 x + \dots + c_m x^m`` is
:math:`\sum_{k=0}^{m} c_k x^k`; ``z^n + a_{n-1} z^{n-1} + \dots + a_1 z + a_0`` is ``z^n`` plus
:math:`\sum_{k=0}^{n-1} a_k z^k`. The terms on either side of the dots are matched node by node:
they may differ only in whole-number expressions (an index, an exponent), all by the same amount,
which is the running index. A term written without its power (``a_1 z`` for ``a_1 z^1``, ``a_0``
for ``a_0 z^0``) is read with it, as a reader reads a polynomial. Terms beyond the two that fit the
same pattern, one step on, extend the range; any other term is a summand of its own.

Anything else (a pattern no single index explains, signs that alternate) is left as written, and
the dots are reported where they are, never guessed at.
"""

from __future__ import annotations

import dataclasses
from typing import Callable

from . import mathexpr as M
from .names import identifier

__all__ = ["dotted_sum"]

Affine = dict[str, int]  # {"n": 1, "": -1} is n - 1
_ONE = ""
_HOLE = "hole·"  # no LaTeX name is spelt so: a place where the two terms differ


def dotted_sum(node: M.MathNode) -> M.MathNode | None:
    """``node`` (a chain of ``+`` holding one ``\\dots``) as a ``\\sum`` and the terms beside it, else ``None``."""
    terms = _terms(node)
    dots = [i for i, t in enumerate(terms) if isinstance(t, M.Dots)]
    if len(dots) != 1 or not 0 < dots[0] < len(terms) - 1:
        return None
    before, after = terms[: dots[0]], terms[dots[0] + 1 :]
    found = _pattern(before[-1], after[0])
    if found is None:
        return None
    body, var, first, last = found
    step = _direction(first, last)
    if step is None:
        return None
    # a term one step before the first, or after the last, that fits the same pattern extends the range
    while len(before) > 1 and (k := _at(before[-2], body, var)) is not None and _minus(k, first) == {_ONE: -step}:
        before, first = before[:-1], k
    while len(after) > 1 and (k := _at(after[1], body, var)) is not None and _minus(k, last) == {_ONE: step}:
        after, last = after[1:], k
    lo, hi = (first, last) if step > 0 else (last, first)
    span = node.span
    total: M.MathNode = M.BigOp("sum", M.Sym(var, span=span), _tree(lo, span), _tree(hi, span), body, None, span=span)
    for term in reversed(before[:-1]):
        total = M.BinOp("+", term, total, span=span)
    for term in after[1:]:
        total = M.BinOp("+", total, term, span=span)
    return total


def _terms(node: M.MathNode) -> list[M.MathNode]:
    if isinstance(node, M.BinOp) and node.op == "+":
        return _terms(node.left) + _terms(node.right)
    return [node]


def _pattern(left: M.MathNode, right: M.MathNode) -> tuple[M.MathNode, str, Affine, Affine] | None:
    """The term ``body`` in an index ``var`` that gives ``left`` at ``first`` and ``right`` at ``last``."""
    pairs: list[tuple[Affine, Affine]] = []
    holes: list[M.Sym] = []

    def hole(a: Affine, b: Affine, span: object) -> M.MathNode:
        holes.append(M.Sym(f"{_HOLE}{len(holes)}", span=span))
        pairs.append((a, b))
        return holes[-1]

    body = _template(left, right, hole)
    if body is None or not pairs:
        return None
    first, last = pairs[0]
    delta = _minus(first, last)
    offsets = []
    for a, b in pairs:
        if _minus(a, b) != delta:
            return None  # a_{n-1} z^{n-2}: no one index runs through both
        offset = _minus(b, last)
        if set(offset) - {_ONE}:
            return None
        offsets.append(offset.get(_ONE, 0))
    var = _fresh(left, right)
    index = dict(zip((h.name for h in holes), offsets))

    def placed(n: M.MathNode) -> M.MathNode:
        if isinstance(n, M.Sym) and n.name in index:
            at = M.Sym(var, span=n.span)
            shift = index[n.name]
            if not shift:
                return at
            return M.BinOp("+" if shift > 0 else "-", at, M.Num(str(abs(shift)), span=n.span), span=n.span)
        return n

    return M.transform(body, placed), var, first, last


Hole = Callable[[Affine, Affine, object], M.MathNode]


def _template(a: M.MathNode, b: M.MathNode, hole: Hole) -> M.MathNode | None:
    """``a`` with a hole wherever it differs from ``b`` by a whole-number expression; ``None`` if otherwise."""
    if a == b:
        return a
    fa, fb = _affine(a), _affine(b)
    if fa is not None and fb is not None:
        return hole(fa, fb, a.span)
    # z beside z^{n-1}: z^1; a_0 beside a_1 z: a_0 z^0
    if isinstance(a, M.Pow) and not isinstance(b, M.Pow) and a.base == b:
        return _template(a, M.Pow(b, M.Num("1", span=b.span), span=b.span), hole)
    if isinstance(b, M.Pow) and not isinstance(a, M.Pow) and b.base == a:
        return _template(M.Pow(a, M.Num("1", span=a.span), span=a.span), b, hole)
    power = _power_factor(b)
    if power is not None and not isinstance(a, M.Juxt) and _fits(a, b.left):  # type: ignore[attr-defined]
        return _template(M.Juxt(a, M.Pow(power, M.Num("0", span=a.span), span=a.span), span=a.span), b, hole)
    power = _power_factor(a)
    if power is not None and not isinstance(b, M.Juxt) and _fits(a.left, b):  # type: ignore[attr-defined]
        return _template(a, M.Juxt(b, M.Pow(power, M.Num("0", span=b.span), span=b.span), span=b.span), hole)
    if type(a) is not type(b):
        return None
    changes = {}
    for field in dataclasses.fields(a):
        if field.name == "span":
            continue
        x, y = getattr(a, field.name), getattr(b, field.name)
        if isinstance(x, M.MathNode) and isinstance(y, M.MathNode):
            made = _template(x, y, hole)
        elif isinstance(x, tuple) and isinstance(y, tuple) and len(x) == len(y):
            items = [
                _template(p, q, hole) if isinstance(p, M.MathNode) else (p if p == q else None) for p, q in zip(x, y)
            ]
            made = None if any(i is None for i in items) else tuple(items)  # type: ignore[assignment]
        else:
            made = x if x == y else None
        if made is None:
            return None
        if made is not x:
            changes[field.name] = made
    return dataclasses.replace(a, **changes) if changes else a


def _power_factor(node: M.MathNode) -> M.MathNode | None:
    """``z`` of a term ``c z^{e}`` or ``c z`` (a coefficient times a power of a plain name), else ``None``."""
    if not isinstance(node, M.Juxt):
        return None
    factor = node.right
    base = factor.base if isinstance(factor, M.Pow) else factor
    return base if isinstance(base, M.Sym) and identifier(base) is not None else None


def _fits(a: M.MathNode, b: M.MathNode) -> bool:
    return _template(a, b, lambda x, y, span: M.Sym(_HOLE, span=span)) is not None


def _at(term: M.MathNode, body: M.MathNode, var: str) -> Affine | None:
    """The index at which ``body`` is ``term`` (``a_0`` of ``a_k z^k``: 0), else ``None``."""
    found: list[Affine | None] = []

    def hole(a: Affine, b: Affine, span: object) -> M.MathNode:
        # the term's e against the body's k + c: k is e - c, the same at every place
        found.append(_minus(a, _minus(b, {var: 1})) if b.get(var) == 1 else None)
        return M.Sym(_HOLE, span=span)

    if _template(term, body, hole) is None or not found or found[0] is None:
        return None
    return found[0] if all(k == found[0] for k in found) else None


def _direction(first: Affine, last: Affine) -> int | None:
    """+1 when the index rises from ``first`` to ``last``, -1 when it falls; a size in it is taken as large."""
    delta = _minus(last, first)
    if not delta:
        return None
    leading = [v for k, v in delta.items() if k != _ONE]
    sign = leading[0] if leading else delta[_ONE]
    if leading and any((v > 0) != (sign > 0) for v in leading):
        return None
    return 1 if sign > 0 else -1


def _affine(node: M.MathNode) -> Affine | None:
    """``n - 1`` as ``{"n": 1, "": -1}``; ``None`` for anything but a whole-number affine expression of names."""
    if isinstance(node, M.Num):
        return {_ONE: int(node.text)} if node.text.isdigit() else None
    if isinstance(node, M.Sym):
        name = identifier(node) if not node.name.startswith(_HOLE) else None
        return {name: 1} if name is not None else None
    if isinstance(node, M.Neg):
        inner = _affine(node.operand)
        return None if inner is None else {k: -v for k, v in inner.items()}
    if isinstance(node, M.BinOp) and node.op in "+-":
        left, right = _affine(node.left), _affine(node.right)
        if left is None or right is None:
            return None
        return _plus(left, right) if node.op == "+" else _minus(left, right)
    return None


def _plus(a: Affine, b: Affine) -> Affine:
    out = dict(a)
    for k, v in b.items():
        out[k] = out.get(k, 0) + v
    return {k: v for k, v in out.items() if v}


def _minus(a: Affine, b: Affine) -> Affine:
    return _plus(a, {k: -v for k, v in b.items()})


def _tree(form: Affine, span: object) -> M.MathNode:
    """The expression of an affine form: ``{"n": 1, "": -1}`` is ``n - 1``."""
    out: M.MathNode | None = None
    for name, coeff in sorted(form.items(), key=lambda kv: kv[0] == _ONE):
        magnitude = abs(coeff)
        if name == _ONE:
            term: M.MathNode = M.Num(str(magnitude), span=span)
        else:
            sym = M.Sym(name, span=span)
            term = sym if magnitude == 1 else M.Juxt(M.Num(str(magnitude), span=span), sym, span=span)
        if out is None:
            out = term if coeff > 0 else M.Neg(term, span=span)
        else:
            out = M.BinOp("+" if coeff > 0 else "-", out, term, span=span)
    return out if out is not None else M.Num("0", span=span)


def _fresh(*nodes: M.MathNode) -> str:
    """A letter for the running index that neither term uses."""
    used = {identifier(n) for node in nodes for n in M.walk(node) if isinstance(n, M.Sym)}
    return next(c for c in ("k", "j", "i", "l", "m", "r", "s") if c not in used)
