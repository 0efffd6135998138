"""``\\sum``, ``\\prod``, ``\\max``, ``\\min``, ``\\arg\\max`` over an index: vectorised when the body allows.

Part of :mod:`algoverify.math.numeric`, which passes its compiler in.
``\\frac{1}{d}\\sum_{i=1}^{d} (x_i - \\mu)^{2}`` becomes one NumPy reduction over
``(x[0:d] - mu)**2`` when, at run time, everything in the body that does not depend on ``i`` is
a scalar and the arrays indexed by ``i`` are vectors; otherwise the body runs once per index,
with ``i`` bound in the environment.
"""

from __future__ import annotations

import operator
from typing import Any, Callable

import numpy as np

from ..findings import EvaluationFailed, LocatedError, NotExecutable
from . import mathexpr as M
from .functions import FUNCTIONS
from .names import identifier

Env = dict[str, Any]
#: the expression compiler (:func:`algoverify.math.numeric.compile_expr`), passed in: it compiles
#: a big operator's bounds and body, and it dispatches big operators here
Compile = Callable[[M.MathNode, Any], Callable[[Env], Any]]

_ELEMENTWISE_FUNCS = {
    "exp",
    "log",
    "ln",
    "sin",
    "cos",
    "tan",
    "tanh",
    "sinh",
    "cosh",
    "sqrt",
    "abs",
    "sign",
    "sigmoid",
    "relu",
}
_REDUCE: dict[str, Callable[[Any], Any]] = {
    "sum": np.sum,
    "prod": np.prod,
    "max": np.max,
    "min": np.min,
    "argmax": lambda a: int(np.argmax(a)) + 1,
    "argmin": lambda a: int(np.argmin(a)) + 1,
}


class _Fallback(Exception):
    """The body is not elementwise for these values: loop instead."""


def compile_bigop(node: M.BigOp, ctx: Any, compile_expr: Compile) -> Callable[[Env], Any]:
    """Compile a big operator into a closure (see the module docstring)."""
    kind = node.kind
    if kind not in _REDUCE:
        raise LocatedError(NotExecutable, node.span, message=f"\\{kind} cannot be evaluated numerically")
    if node.var is None or identifier(node.var) is None:
        raise LocatedError(NotExecutable, node.span, message=f"\\{kind} needs an index variable in its subscript")
    var = identifier(node.var)
    if node.domain is not None:
        return _over_domain(node, var, compile_expr(node.domain, ctx), compile_expr(node.body, ctx))
    indexed = sorted({n for n in _indexed_by(node.body, var)})
    if isinstance(node.hi, M.Sym) and identifier(node.hi) not in ctx.declared:
        ctx.dims.setdefault(identifier(node.hi), set()).update(indexed)
    lo = compile_expr(node.lo, ctx) if node.lo is not None else (lambda env: 1)
    # a literal lower bound (`i=1`) needs no evaluation per call
    lo_const = 1 if node.lo is None else node.lo.value if isinstance(node.lo, M.Num) else None
    hi = compile_expr(node.hi, ctx) if node.hi is not None else _length_of(node, var, ctx, compile_expr)
    body = compile_expr(node.body, ctx)
    vector = _vectorise(node.body, var, ctx, compile_expr)
    reduce = _REDUCE[kind]

    def run(env: Env) -> Any:
        a = lo_const if lo_const is not None else lo(env)
        b = hi(env)
        if type(a) is not int or type(b) is not int:
            a, b = _int(a, node), _int(b, node)
        if vector is not None:
            try:
                values = vector(env, a, b)
                if getattr(values, "ndim", 0) == 0:  # the body does not depend on the index
                    values = np.full(max(b - a + 1, 0), values)
                if kind == "sum" and values.size:
                    return values.sum()
                return _finish(reduce, values, kind, a)
            except _Fallback:
                pass
        return _loop(env, var, a, b, body, reduce, kind)

    return run


def _finish(reduce: Callable[[Any], Any], values: Any, kind: str, lo: int) -> Any:
    if np.size(values) == 0:
        if kind in ("sum", "prod"):
            return 0.0 if kind == "sum" else 1.0
        raise _Fallback
    out = reduce(values)
    return out + lo - 1 if kind in ("argmax", "argmin") else out


def _loop(env: Env, var: str, a: int, b: int, body: Callable[[Env], Any], reduce: Callable, kind: str) -> Any:
    saved = env.get(var, _MISSING)
    values = []
    try:
        for i in range(a, b + 1):
            env[var] = i
            values.append(body(env))
    finally:
        if saved is _MISSING:
            env.pop(var, None)
        else:
            env[var] = saved
    if not values:
        return 0.0 if kind == "sum" else 1.0 if kind == "prod" else _empty(kind)
    if kind in ("sum", "prod"):
        out = values[0]
        for v in values[1:]:
            out = out + v if kind == "sum" else out * v
        return out
    return _finish(reduce, np.array(values), kind, a)


def _empty(kind: str) -> Any:
    raise ValueError(f"\\{kind} over an empty range")


_MISSING = object()


def _int(value: Any, node: M.MathNode) -> int:
    if isinstance(value, (int, np.integer)) or (isinstance(value, (float, np.floating)) and float(value).is_integer()):
        return int(value)
    raise LocatedError(EvaluationFailed, node.span, message=f"bound {value!r} of {M.dump(node)} is not an integer")


def _indexed_by(body: M.MathNode, var: str) -> list[str]:
    """Identifiers of the arrays ``body`` indexes with ``var`` (``x`` in ``x_i``)."""
    out = []
    for n in M.walk(body):
        if isinstance(n, M.Idx) and len(n.indices) == 1 and identifier(n.indices[0]) == var:
            name = identifier(n.base)
            if name is not None:
                out.append(name)
    return out


def _length_of(node: M.BigOp, var: str, ctx: Any, compile_expr: Compile) -> Callable[[Env], int]:
    """``\\sum_v p_v …`` has no upper bound: it runs over the arrays the body indexes by ``v``."""
    containers = [
        compile_expr(n.base, ctx)
        for n in M.walk(node.body)
        if isinstance(n, M.Idx) and len(n.indices) == 1 and identifier(n.indices[0]) == var
    ]
    if not containers:
        raise LocatedError(
            NotExecutable, node.span, message=f"\\{node.kind}_{var} indexes nothing with {var}: its range is unknown"
        )

    def length(env: Env) -> int:
        sizes = {len(c(env)) for c in containers}
        if len(sizes) != 1:
            raise LocatedError(
                EvaluationFailed, node.span, message=f"the arrays indexed by {var} differ in length: {sorted(sizes)}"
            )
        return sizes.pop()

    return length


def _over_domain(node: M.BigOp, var: str, domain: Callable, body: Callable) -> Callable[[Env], Any]:
    reduce = _REDUCE[node.kind]

    def run(env: Env) -> Any:
        items = list(domain(env))
        saved = env.get(var, _MISSING)
        try:
            values = []
            for x in items:
                env[var] = x
                values.append(body(env))
        finally:
            env.pop(var, None) if saved is _MISSING else env.__setitem__(var, saved)
        if node.kind in ("argmax", "argmin"):
            return items[int(np.argmax(values) if node.kind == "argmax" else np.argmin(values))]
        return reduce(np.array(values))

    return run


# --- the vectorised body --------------------------------------------------------------------------

Vec = Callable[[Env, int, int], Any]


def _vectorise(body: M.MathNode, var: str, ctx: Any, compile_expr: Compile) -> Vec | None:
    """Compile ``body`` as an elementwise function of the whole index range, or ``None``."""
    try:
        return _vec(body, var, ctx, compile_expr)
    except _Fallback:
        return None


def _depends(node: M.MathNode, var: str) -> bool:
    return any(isinstance(n, M.Sym) and identifier(n) == var for n in M.walk(node))


def _vec(node: M.MathNode, var: str, ctx: Any, compile_expr: Compile) -> Vec:
    if not _depends(node, var):
        scalar = compile_expr(node, ctx)

        def const(env: Env, a: int, b: int) -> Any:
            value = scalar(env)
            if getattr(value, "ndim", 0) != 0:
                raise _Fallback  # an array factor: the product may be a matrix product
            return value

        return const
    if isinstance(node, M.Sym):
        return lambda env, a, b: np.arange(a, b + 1)
    if isinstance(node, M.Idx) and len(node.indices) == 1 and identifier(node.indices[0]) == var:
        return _vec_index(node, ctx, compile_expr)
    parts = _VEC_OPS.get(type(node))
    if parts is None:
        raise _Fallback
    return parts(node, var, ctx, compile_expr)


def _vec_index(node: M.Idx, ctx: Any, compile_expr: Compile) -> Vec:
    flat = identifier(node)
    container = compile_expr(node.base, ctx)
    first = getattr(ctx, "index_base", 1)

    def sliced(env: Env, a: int, b: int) -> Any:
        if flat is not None and flat in env:
            raise _Fallback  # x_i is a name of its own here
        value = container(env)
        if getattr(value, "ndim", 0) != 1:
            raise _Fallback  # lists (families) and matrices: loop
        if a < first or b > len(value) - 1 + first:
            raise LocatedError(
                EvaluationFailed,
                node.span,
                message=f"index range {a}..{b} is outside {first}..{len(value) - 1 + first} in {M.dump(node)}",
            )
        return value[a - first : b - first + 1]

    return sliced


def _binary(fn: Callable[[Any, Any], Any], left: str, right: str) -> Callable:
    def build(node: M.MathNode, var: str, ctx: Any, compile_expr: Compile) -> Vec:
        x, y = _vec(getattr(node, left), var, ctx, compile_expr), _vec(getattr(node, right), var, ctx, compile_expr)
        return lambda env, a, b: fn(x(env, a, b), y(env, a, b))

    return build


def _unary(fn: Callable[[Any], Any], attr: str) -> Callable:
    def build(node: M.MathNode, var: str, ctx: Any, compile_expr: Compile) -> Vec:
        x = _vec(getattr(node, attr), var, ctx, compile_expr)
        return lambda env, a, b: fn(x(env, a, b))

    return build


def _vec_binop(node: M.BinOp, var: str, ctx: Any, compile_expr: Compile) -> Vec:
    ops = {
        "+": operator.add,
        "-": operator.sub,
        "*": operator.mul,
        "cdot": operator.mul,
        "times": operator.mul,
        "/": operator.truediv,
    }
    if node.op not in ops:
        raise _Fallback
    return _binary(ops[node.op], "left", "right")(node, var, ctx, compile_expr)


def _vec_call(node: M.Call, var: str, ctx: Any, compile_expr: Compile) -> Vec:
    if node.func not in _ELEMENTWISE_FUNCS or len(node.args) != 1:
        raise _Fallback
    fn = FUNCTIONS[node.func]
    x = _vec(node.args[0], var, ctx, compile_expr)

    def call(env: Env, a: int, b: int) -> Any:
        if callable(env.get(node.func)):
            raise _Fallback  # a user's own function of that name: not known to be elementwise
        return fn(x(env, a, b))

    return call


def _vec_pow(node: M.Pow, var: str, ctx: Any, compile_expr: Compile) -> Vec:
    if identifier(node) in ctx.declared:
        raise _Fallback
    return _binary(operator.pow, "base", "exp")(node, var, ctx, compile_expr)  # x ** 2 is faster than np.power


_VEC_OPS: dict[type, Callable[[Any, str, Any, Compile], Vec]] = {
    M.BinOp: _vec_binop,
    M.Juxt: _binary(np.multiply, "left", "right"),
    M.Hadamard: _binary(np.multiply, "left", "right"),
    M.Frac: _binary(np.divide, "num", "den"),
    M.Neg: _unary(np.negative, "operand"),
    M.Abs: _unary(np.abs, "operand"),
    M.Sqrt: lambda n, v, c, k: _unary(np.sqrt, "radicand")(n, v, c, k) if n.index is None else _raise(),
    M.Pow: _vec_pow,
    M.Call: _vec_call,
}


def _raise() -> Vec:
    raise _Fallback
