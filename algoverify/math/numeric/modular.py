r"""Arithmetic modulo an integer: ``\gamma \cdot \alpha^{-m} \bmod p`` is a product in ℤ_p, inverses included.

A number theorist writes ``a^{-k} \bmod n`` for the inverse of ``a^k`` modulo ``n`` (HAC's
``m' = -m^{-1} \bmod b``; its baby-step giant-step ``\gamma \gets \gamma \cdot \alpha^{-m} \bmod p``):
the real power ``1/a^k`` taken modulo ``n`` gave a float of no use (``\gamma = 1.4 \cdot 10^{-12}``), and
a correct listing was refuted. The left side of ``\bmod`` read so is a product (``\cdot``, ``*``,
``\times`` or side by side, negated or not) of factors of which at least one is an inverse or a
power with a negative exponent written (``\alpha^{-m}``, ``(\alpha^{m})^{-1}``, ``\alpha^{-1}``); when
every factor, exponent and the modulus is an integer at the run, each power is taken modulo
the modulus (Python's ``pow(a, e, n)``, which inverts for ``e < 0``). Otherwise (floats, even
whole ones) it is the real product's remainder, as any other ``\bmod``. A program's remainder
``\%`` is never read so (see :mod:`.arithmetic`).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ...findings import EvaluationFailed, LocatedError
from .. import mathexpr as M
from .core import Closure, Context, Env, compile_expr
from .lookup import _binary

#: the products of numbers a factor list runs through (``\times`` of two integers is their product)
_PRODUCTS = ("cdot", "*", "times")


def modular_product(node: M.BinOp, ctx: Context, remainder: Any) -> Closure | None:
    r"""``node`` (``… \bmod n``) as a product in ℤ_n, or ``None`` when its left side has no inverse written.

    ``remainder`` is the ``\bmod`` of numbers, for a run where something is not an integer.
    """
    negated = isinstance(node.left, M.Neg)
    factors = _factors(node.left.operand if negated else node.left)  # type: ignore[attr-defined]
    if not any(_inverse(f) is not None for f in factors):
        return None
    compiled = []
    for f in factors:
        pair = _inverse(f)
        if pair is None and isinstance(f, M.Pow):
            pair = (f.base, f.exp)
        base, exp = pair if pair is not None else (f, None)
        compiled.append((base, compile_expr(base, ctx), None if exp is None else _exponent(exp, ctx)))
    modulus = compile_expr(node.right, ctx)
    real = _binary(remainder, node.left, node.right, ctx, node)

    def modular(env: Env) -> Any:
        n = modulus(env)
        if not _integer(n) or n <= 0:
            return real(env)
        values = [(base, a(env), 1 if e is None else e(env)) for base, a, e in compiled]
        if not all(_integer(a) and _integer(e) for _, a, e in values):
            return real(env)
        n, r = int(n), 1
        for base, a, e in values:
            try:
                r = r * pow(int(a), int(e), n) % n
            except ValueError:
                raise LocatedError(
                    EvaluationFailed,
                    node.span,
                    message=f"{ctx.written(base)} = {int(a)} has no inverse modulo {ctx.written(node.right)} = {n}",
                ) from None
        return (-r) % n if negated else r

    return modular


def _factors(node: M.MathNode) -> list[M.MathNode]:
    """The factors of a product written with ``\\cdot``, ``*``, ``\\times`` or side by side; else ``[node]``."""
    if isinstance(node, M.Juxt) or (isinstance(node, M.BinOp) and node.op in _PRODUCTS):
        return _factors(node.left) + _factors(node.right)  # type: ignore[attr-defined]
    return [node]


def _inverse(node: M.MathNode) -> tuple[M.MathNode, Any] | None:
    """``(a, e)`` of ``a^{e}`` with a negative exponent written (``a^{-1}`` is ``Inverse(a)``, ``e`` then -1)."""
    if isinstance(node, M.Inverse):
        return node.operand, -1
    if isinstance(node, M.Pow) and isinstance(node.exp, M.Neg):
        return node.base, node.exp
    return None


def _exponent(exp: Any, ctx: Context) -> Closure:
    if isinstance(exp, int):
        return lambda env: exp
    return compile_expr(exp, ctx)


def _integer(x: Any) -> bool:
    return isinstance(x, (int, np.integer)) and not isinstance(x, bool)
