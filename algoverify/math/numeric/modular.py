r"""Arithmetic modulo an integer: ``\gamma \cdot \alpha^{-m} \bmod p`` is a product in ℤ_p, inverses included.

A number theorist writes ``a^{-k} \bmod n`` for the inverse of ``a^k`` modulo ``n`` (HAC's
``m' = -m^{-1} \bmod b``; its baby-step giant-step ``\gamma \gets \gamma \cdot \alpha^{-m} \bmod p``):
the real power ``1/a^k`` taken modulo ``n`` gave a float of no use (``\gamma = 1.4 \cdot 10^{-12}``), and
a correct listing was refuted. So was Cohen's primitive-root test, ``a^{(p-1)/q_i} \bmod p`` with
``q`` given as a list: the float power ``3^{138.0}`` has lost its last digits. The left side of
``\bmod`` read so is a product (``\cdot``, ``*``, ``\times`` or side by side, negated or not) of
factors of which at least one is a power (``a^{e}``) or an inverse (``\alpha^{-m}``,
``(\alpha^{m})^{-1}``, ``\alpha^{-1}``). With an inverse written, when every factor, exponent and the
modulus is an integer at the run, each power is taken modulo the modulus (Python's
``pow(a, e, n)``, which inverts for ``e < 0``); of floats, even whole ones, the inverse is the real
``1/a``, as the caller's float says. With powers only, whole floats count as the integers they are:
the real and the modular readings are then the same integer, computed exactly. Otherwise it is the
real product's remainder, as any other ``\bmod``. A program's remainder ``\%``
is never read so (see :mod:`.arithmetic`).
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
    if not any(_inverse(f) is not None or isinstance(f, M.Pow) for f in factors):
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

    inverted = any(_inverse(f) is not None for f in factors)

    def modular(env: Env) -> Any:
        raw = [(base, a(env), 1 if e is None else e(env)) for base, a, e in compiled]
        m = modulus(env)
        n = _whole(m)
        if inverted:
            # M_i^{-1} \bmod m_i of whole numbers is the inverse in ℤ_m, even of floats that hold them (the
            # moduli a check drew, M / m_i of them): only a number that is not whole keeps the real 1/a
            values = [(base, _whole(a), _whole(e)) for base, a, e in raw]
        else:
            # a power of whole numbers: real and modular readings are the same integer, computed exactly
            values = [(base, _whole(a), _whole(e)) for base, a, e in raw]
            if any(e is not None and e < 0 for _, _, e in values):
                return real(env)
        if n is None or n <= 0 or any(a is None or e is None for _, a, e in values):
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


def _whole(x: Any) -> int | None:
    """``x`` as an int when it is a whole number (``138.0`` of ``(p - 1)/q_i`` too), else ``None``.

    A float that is whole is that integer exactly: the power of whole numbers modulo one is an
    integer a reader computes exactly, where the float power past 2^53 has lost its last digits.
    """
    if isinstance(x, (int, np.integer)) and not isinstance(x, (bool, np.bool_)):
        return int(x)
    if isinstance(x, (float, np.floating)) and np.isfinite(x) and float(x).is_integer():
        return int(x)
    return None
