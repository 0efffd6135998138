"""Compiling exact integer notation: floor and ceiling, factorials, binomials, ``\\bmod``, subscripted calls.

Integers stay Python ints: ``\\lfloor a/b \\rfloor`` and ``\\lceil \\log_2 n \\rceil`` are computed
exactly, not through floats.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from ...findings import EvaluationFailed, LocatedError, NotExecutable
from .. import mathexpr as M
from ..bigops import whole
from ..ops import check_digits, check_terms, shown_number
from .core import Closure, Context, Env, compile_expr
from .values import _is_real

# --- integers -------------------------------------------------------------------------------------


def _is_division(node: M.MathNode) -> bool:
    return isinstance(node, M.Frac) or (isinstance(node, M.BinOp) and node.op == "/")


def _log_parts(node: M.MathNode) -> tuple[M.MathNode, M.MathNode] | None:
    r"""``(base, argument)`` of ``\log_b x``, else ``None``."""
    if isinstance(node, M.SubCall) and node.func == "log" and len(node.args) == 1:
        return node.sub, node.args[0]
    if isinstance(node, M.Call) and node.func == "lg" and len(node.args) == 1:
        return M.Num("2", span=node.span), node.args[0]
    return None


def _rounding(node: M.Floor | M.Ceil, ctx: Context, up: bool) -> Closure:
    r"""``\lfloor x \rfloor``, ``\lceil x \rceil``: an ``int`` for a scalar, ``np.floor``/``np.ceil`` for an array.

    Exact where the operand allows it: ``\lfloor a/b \rfloor`` is Python's ``a // b`` (an int of
    two ints; of floats, the floor of their exact quotient, a float: ``\lfloor 1/0.1 \rfloor`` is
    9.0, as latexify prints Python's ``1 // 0.1``), ``\lceil a/b \rceil`` of two ints is found in
    integers, ``\lceil \log_2 n \rceil`` of a whole ``n`` too, ``\lfloor \sqrt{n} \rfloor`` is
    ``math.isqrt``. Brackets marked as a call's (latexify's ``math.floor(x)``) take x's value.
    """
    operand = node.operand
    if node.call:  # Python's math.floor(x), as latexify prints it: of x's value, however x is written
        if _is_division(operand) and not ctx.exact:  # math.floor(a / b): of Python's float quotient
            num = compile_expr(operand.num if isinstance(operand, M.Frac) else operand.left, ctx)
            den = compile_expr(operand.den if isinstance(operand, M.Frac) else operand.right, ctx)
            return lambda env: _round(num(env) / den(env), up, node, ctx)
        value = compile_expr(operand, ctx)
        return lambda env: _round(value(env), up, node, ctx)
    if _is_division(operand):
        num = compile_expr(operand.num if isinstance(operand, M.Frac) else operand.left, ctx)
        den = compile_expr(operand.den if isinstance(operand, M.Frac) else operand.right, ctx)

        def divide(env: Env) -> Any:
            a, b = num(env), den(env)
            if isinstance(a, (int, np.integer)) and isinstance(b, (int, np.integer)):
                a, b = int(a), int(b)
                return -(-a // b) if up else a // b  # b = 0 raises ZeroDivisionError: AV302
            if not up and isinstance(a, (int, float, np.number)) and isinstance(b, (int, float, np.number)):
                return float(a) // float(b)  # Python's floor division of floats: exact, a float
            return _round(a / b, up, node, ctx)

        return divide
    log = _log_parts(operand)
    if log is not None:
        base, arg = compile_expr(log[0], ctx), compile_expr(log[1], ctx)
        whole_log = compile_expr(operand, ctx)

        def logarithm(env: Env) -> Any:
            b, n = whole(base(env)), whole(arg(env))
            if b is not None and n is not None and b >= 2 and n >= 1:
                return _int_log(n, b, up)
            return _round(whole_log(env), up, node, ctx)

        return logarithm
    if isinstance(operand, M.Sqrt) and operand.index is None:
        radicand = compile_expr(operand.radicand, ctx)
        root = compile_expr(operand, ctx)

        def square_root(env: Env) -> Any:
            n = whole(radicand(env))
            if n is not None and n >= 0:
                r = math.isqrt(n)
                return r + 1 if up and r * r != n else r
            return _round(root(env), up, node, ctx)

        return square_root
    a = compile_expr(operand, ctx)
    return lambda env: _round(a(env), up, node, ctx)


def _round(x: Any, up: bool, node: M.MathNode, ctx: Context) -> Any:
    if isinstance(x, np.ndarray) and x.ndim:
        return np.ceil(x) if up else np.floor(x)  # elementwise, as floats
    n = whole(x)
    if n is not None:
        return n
    if _is_real(x) and math.isfinite(x):
        return math.ceil(x) if up else math.floor(x)
    raise LocatedError(EvaluationFailed, node.span, message=f"{ctx.written(node)}: {x!r} has no integer part")


def _int_log(n: int, base: int, up: bool) -> int:
    """⌊log_base n⌋ or ⌈log_base n⌉ in integers (n ≥ 1, base ≥ 2)."""
    if base == 2:
        k = n.bit_length() - 1
    else:
        k = max(int(math.log(n, base)) - 1, 0)
        while base ** (k + 1) <= n:
            k += 1
        while k > 0 and base**k > n:
            k -= 1
    return k + 1 if up and base**k != n else k


def _floor(node: M.Floor, ctx: Context) -> Closure:
    return _rounding(node, ctx, up=False)


def _ceil(node: M.Ceil, ctx: Context) -> Closure:
    return _rounding(node, ctx, up=True)


def _natural(value: Any, node: M.MathNode, what: str, ctx: Context) -> int:
    n = whole(value)
    if n is None or type(value) is bool:
        raise LocatedError(
            EvaluationFailed,
            node.span,
            message=f"{what}: {ctx.written(node)} = {shown_number(value)} is not an integer",
        )
    return n


def _factorial(node: M.Factorial, ctx: Context) -> Closure:
    a = compile_expr(node.operand, ctx)

    def factorial(env: Env) -> int:
        n = _natural(a(env), node.operand, ctx.written(node), ctx)
        if n < 0:
            raise LocatedError(EvaluationFailed, node.span, message=f"{ctx.written(node)}: the factorial of {n} < 0")
        if n > 1000:
            check_digits(math.lgamma(n + 1) / math.log(2))
        return math.factorial(n)  # a Python int: exact up to the digits budget

    return factorial


def _binom(node: M.Binom, ctx: Context) -> Closure:
    r"""``\binom{n}{k}`` of integers, exact: 0 for k < 0 or k > n ≥ 0; (-1)^k \binom{k-n-1}{k} for n < 0.

    A real ``n`` (``\binom{s}{k}`` with ``s = (x - x_0)/h``) gives the generalised coefficient, a float.
    """
    n_fn, k_fn = compile_expr(node.n, ctx), compile_expr(node.k, ctx)

    def binom(env: Env) -> Any:
        k = _natural(k_fn(env), node.k, ctx.written(node), ctx)
        top_value = n_fn(env)
        if whole(top_value) is None and np.ndim(top_value) == 0 and type(top_value) is not bool:
            # \binom{s}{k} of a real s (Newton's forward differences): s(s-1)…(s-k+1) / k!
            if k < 0:
                return 0.0
            check_terms(k, ctx.written(node))
            out = 1.0
            for j in range(k):
                out *= (top_value - j) / (j + 1)
            return out
        n = _natural(top_value, node.n, ctx.written(node), ctx)
        if k < 0:
            return 0
        top = n if n >= 0 else k - n - 1
        if 0 <= k <= top and top > 1000:
            check_digits((math.lgamma(top + 1) - math.lgamma(k + 1) - math.lgamma(top - k + 1)) / math.log(2))
        if n >= 0:
            return math.comb(n, k)
        return (-1) ** k * math.comb(k - n - 1, k)

    return binom


def _pmod(node: M.Modulo, ctx: Context) -> Closure:
    r"""``a \equiv b \pmod{n}``: n divides a - b (integers)."""
    rel = node.expr
    if not isinstance(rel, M.Rel) or any(op not in ("equiv", "notequiv") for op, _ in rel.rest):
        raise LocatedError(NotExecutable, node.span, message="\\pmod qualifies a congruence a \\equiv b")
    nodes = [rel.first] + [e for _, e in rel.rest]
    # a^{n-1} \equiv 1 \pmod{n}: each side's powers taken modulo n, as a^{n-1} \bmod n is (never 10,000 digits)
    terms = [_reduced(e, node.modulus, ctx) for e in nodes]
    ops = [op for op, _ in rel.rest]
    modulus = compile_expr(node.modulus, ctx)

    def congruent(env: Env) -> bool:
        m = _natural(modulus(env), node.modulus, "\\pmod", ctx)
        if m == 0:
            raise LocatedError(EvaluationFailed, node.modulus.span, message="a congruence modulo 0")
        values = [_natural(t(env), n, "a congruence", ctx) for t, n in zip(terms, nodes)]
        for op, a, b in zip(ops, values, values[1:]):
            if ((a - b) % m == 0) != (op == "equiv"):
                return False
        return True

    return congruent


def _reduced(side: M.MathNode, modulus: M.MathNode, ctx: Context) -> Closure:
    """One side of a congruence, modulo ``modulus`` where it is a product with a power (:func:`.modular_product`)."""
    from .arithmetic import _BINOPS
    from .modular import modular_product

    mod = M.BinOp("mod", side, modulus, span=side.span)
    product = modular_product(mod, ctx, _BINOPS["mod"])
    return product if product is not None else compile_expr(side, ctx)


def _subcall(node: M.SubCall, ctx: Context) -> Closure:
    r"""``\log_2 n``, ``\log_{b} x``: the logarithm to that base (a float; exact integers under \lfloor \rfloor)."""
    log = _log_parts(node)
    if log is None:
        raise LocatedError(NotExecutable, node.span, message=f"{node.func} with a subscript has no known value")
    base, arg = compile_expr(log[0], ctx), compile_expr(log[1], ctx)

    def logarithm(env: Env) -> Any:
        b, x = base(env), arg(env)
        if b == 2:
            return math.log2(x) if type(x) is int and x > 0 else np.log2(x)
        if b == 10:
            return math.log10(x) if type(x) is int and x > 0 else np.log10(x)
        if type(x) is int and x > 0 and _is_real(b):
            return math.log(x) / math.log(b)
        return np.log(x) / np.log(b)

    return logarithm
