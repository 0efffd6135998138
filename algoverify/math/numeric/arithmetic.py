"""Compiling arithmetic, calls, relations and logic.

Juxtaposition (a matrix product of arrays, else a broadcast product), the binary operators and
set operators, fractions, roots, powers, transposes, norms and inner products; calls of the
listing's functions and of the built-ins, gradients; relations with the context's tolerances,
set relations, and ``\\land``/``\\lor`` that stop at the operand that decides.
"""

from __future__ import annotations

import operator
from collections.abc import Mapping
from collections.abc import Set as AbstractSet
from typing import Any, Callable

import numpy as np

from ...findings import AmbiguousMath, EvaluationFailed, LocatedError, NotExecutable, UnboundName
from ...source import Span
from .. import exact as X
from .. import mathexpr as M
from ..bigops import whole
from ..codegen import around_call, called_group, called_part, indicator_of, outer_product
from ..dotted import dotted_sum
from ..functions import FUNCTIONS, gradient
from ..names import identifier, index_like
from ..ops import (
    BITWISE,
    MAX_INT_DIGITS,
    RELATIONS,
    FiniteSet,
    IntegerTooLarge,
    absolute,
    as_finite_set,
    cross,
    holds_a_number,
    invert,
    members,
    pair_inner,
    power,
    product,
    quotient,
    square_root,
    transpose,
    two_norm,
)
from ..sizeless import ones_outer, settle
from .core import TRACE_KEY, Closure, Context, Env, _is_shape_error, _mismatch, _ndim, compile_expr, compile_operand
from .lookup import _binary, _index, _lookup, _lookup_key, _settle
from .modular import modular_product
from .sets import _items, _member, _stepped_family
from .values import _array_of, _what

# --- arithmetic -------------------------------------------------------------------------------


def _num(node: M.Num, ctx: Context) -> Closure:
    if node.text.isdigit() and len(node.text) > MAX_INT_DIGITS:  # refused where it is read, as a result would be

        def too_large(env: Env) -> Any:
            raise IntegerTooLarge(len(node.text))

        return too_large
    value = X.literal(node.value, node.text) if ctx.exact else node.value
    return lambda env: value


def _juxt(node: M.Juxt, ctx: Context) -> Closure:
    condition = indicator_of(node)
    if condition is not None:
        # \mathbb{1}\{x_i \le t\}, \mathbb{1}[…], \mathbb{1}(…): the indicator, 1 where it holds and 0 elsewhere
        test = compile_expr(condition, ctx)

        def indicator(env: Env) -> Any:
            held = test(env)
            return np.asarray(held, dtype=float) if np.ndim(held) else float(bool(held))

        return indicator
    if outer_product(node):
        # v v^{\top} of two vectors: a column times a row, the outer product (u^{\top} v stays the inner one);
        # J(x)^{\top} of a function J is the transpose of the call, decided below as it runs
        times = _binary(_outer, node.left, node.right, ctx, node)
    else:
        times = _binary(product, node.left, node.right, ctx, node)
    right, fn, rest = node.right, node.left, None
    if isinstance(fn, M.Juxt):  # `c f(x)_{2}`: c times component 2 of f(x)
        fn, rest = fn.right, fn.left
    name = identifier(fn)
    if not called_group(node, ctx.text):
        return times
    # `w(y)_{2}` parses as w times (y)_2, `f(x).s` as f times (x).s, `C(x, y)^2` as C times (x, y)^2,
    # `J(x)^{\top}` as J times x^T; when w is a function, a reader means component 2 of w(y), the output
    # s of f(x), the square of C(x, y), the transpose of J(x)
    whole, right = right, called_part(right)
    group = right.obj if isinstance(right, M.Attr) else right.operand if isinstance(right, M.Transpose) else right.base
    closed = group.span.end + (ctx.text is not None and ctx.text[group.span.end : group.span.end + 1] == ")")
    call, span = M.Apply(fn, (group,), span=Span(fn.span.start, closed)), Span(fn.span.start, node.span.end)
    if isinstance(right, M.Idx):
        called: M.MathNode = M.Idx(call, right.indices, span=span)
    elif isinstance(right, M.Pow):
        called = M.Pow(call, right.exp, span=span)
    elif isinstance(right, M.Transpose):  # J(x_k)^{\top}: the transpose of the Jacobian at x_k
        called = M.Transpose(call, letter=right.letter, span=span)
    else:
        called = M.Attr(call, right.name, span=span)
    called = around_call(whole, called)  # Fib(n)_{1}^{2}: the square of the component
    if rest is not None:
        called = M.Juxt(rest, called, span=node.span)
    component = compile_expr(called, ctx)

    def juxt(env: Env) -> Any:
        return component(env) if callable(env.get(name, FUNCTIONS.get(name))) else times(env)

    return juxt


def _outer(a: Any, b: Any) -> Any:
    if _ndim(a) == 1 and _ndim(b) == 1:
        return np.outer(a, b)
    with_ones = ones_outer(a, b)  # \mathbf{1} d^{\top}: the row d^{\top} repeated, as many times as what it meets needs
    return product(a, b) if with_ones is None else with_ones


_BINOPS: dict[str, Callable[[Any, Any], Any]] = {
    "+": operator.add,
    "-": operator.sub,
    "/": quotient,
    "*": product,
    "cdot": product,
    "times": cross,
    # Python's % on ints and floats, np.remainder on arrays: both take the sign of the modulus,
    # so a mod n lies in 0..n-1 for a positive n (-7 mod 3 = 2), as the notation means it
    "mod": operator.mod,
    "%": operator.mod,
    **BITWISE,
}

#: set operators; each operand must be a set (a Python ``set`` is taken as one)
_SET_OPS: dict[str, Callable[[FiniteSet, FiniteSet], FiniteSet]] = {
    "cup": operator.or_,
    "cap": operator.and_,
    "setminus": operator.sub,
}


def _binop(node: M.BinOp, ctx: Context) -> Closure:
    if node.op in _SET_OPS:
        return _set_binop(node, ctx)
    if node.op not in _BINOPS:
        raise LocatedError(NotExecutable, node.span, message=f"operator {node.op}")
    if ctx.exact and node.op == "/":
        return _binary(X.divide, node.left, node.right, ctx, node)
    modular = modular_product(node, ctx, _BINOPS["mod"]) if node.op == "mod" else None
    if modular is not None:  # \gamma \alpha^{-m} \bmod p: a product in Z_p, its inverses modular ones
        return modular
    if node.op == "+" and (isinstance(node.right, M.Dots) or isinstance(node.left, (M.Dots, M.BinOp))):
        summed = dotted_sum(node)  # c_0 + c_1 x + \dots + c_m x^m: the \sum it abbreviates
        if summed is not None:
            return compile_expr(summed, ctx)
    return _binary(_BINOPS[node.op], node.left, node.right, ctx, node)


def _as_set(value: Any, node: M.MathNode, ctx: Context) -> FiniteSet:
    if isinstance(value, AbstractSet):
        return as_finite_set(value)
    raise LocatedError(EvaluationFailed, node.span, message=f"{ctx.written(node)} is {_what(value)}, not a set")


def _set_binop(node: M.BinOp, ctx: Context) -> Closure:
    fn = _SET_OPS[node.op]
    a, b = compile_expr(node.left, ctx), compile_expr(node.right, ctx)
    left, right = node.left, node.right
    return lambda env: fn(_as_set(a(env), left, ctx), _as_set(b(env), right, ctx))


def _hadamard(node: M.Hadamard, ctx: Context) -> Closure:
    return _binary(np.multiply, node.left, node.right, ctx, node)


def _neg(node: M.Neg, ctx: Context) -> Closure:
    a = compile_operand(node.operand, ctx)
    return lambda env: -a(env)


def _bitnot(node: M.BitNot, ctx: Context) -> Closure:
    a = compile_expr(node.operand, ctx)
    return lambda env: invert(a(env))


def _frac(node: M.Frac, ctx: Context) -> Closure:
    return _binary(X.divide if ctx.exact else quotient, node.num, node.den, ctx, node)


def complex_root(x: Any) -> Any:
    """``\\sqrt{x}`` where the note says roots may be complex: imaginary of a negative number, real otherwise."""
    if np.iscomplexobj(x):
        return np.sqrt(x)
    value = float(x) if type(x) is int else x
    if np.all(np.asarray(value) >= 0):
        return np.sqrt(value)
    return np.emath.sqrt(value)


def _sqrt(node: M.Sqrt, ctx: Context) -> Closure:
    unit = M.imaginary_root(node)
    if unit is not None and not ctx.exact:
        return lambda env: unit
    a = compile_operand(node.radicand, ctx)  # \sqrt{(r, r)}: the root of an inner product
    if ctx.exact:
        if node.index is None:
            return lambda env: X.square_root(a(env))
        k = compile_expr(node.index, ctx)
        return lambda env: X.power(a(env), X.divide(1, k(env)))
    if node.index is None:
        if ctx.complex_roots:
            return lambda env: complex_root(a(env))
        return lambda env: square_root(a(env))
    k = compile_expr(node.index, ctx)
    return lambda env: np.power(a(env), 1.0 / k(env))


def _as_name(node: M.MathNode, ctx: Context) -> str | None:
    """The identifier a compound (``\\sigma^{2}``, ``p^{(T)}``) reads when declared as a whole."""
    name = identifier(node)
    return name if name is not None and name in ctx.declared else None


def _pow(node: M.Pow, ctx: Context) -> Closure:
    name = _as_name(node, ctx)
    if name is not None:
        return _lookup(name, node, ctx)
    if euler(node.base, ctx):  # e^{z_i} where nothing binds e: the exponential
        return compile_expr(M.Call("exp", (node.exp,), span=node.span), ctx)
    return _binary(X.power if ctx.exact else power, node.base, node.exp, ctx, node)


def euler(node: M.MathNode, ctx: Context) -> bool:
    """Whether ``node`` is Euler's number: ``e`` as the base of a power, when no variable is ``e``."""
    return isinstance(node, M.Sym) and node.name == "e" and not node.accents and "e" not in ctx.declared


def _transpose(node: M.Transpose, ctx: Context) -> Closure:
    name = _as_name(node, ctx)
    if name is not None:
        return _lookup(name, node, ctx)
    a = compile_expr(node.operand, ctx)
    if power_of_t(node, ctx):
        # \beta^{T} where T is a name of the listing (the number of steps): a power of a number, a transpose of a matrix
        t = _lookup("T", node, ctx)
        return lambda env: transpose(x) if _ndim(x := a(env)) else power(x, t(env))
    return lambda env: transpose(a(env))


def power_of_t(node: M.Transpose, ctx: Context) -> bool:
    """Whether ``^T`` / ``^{T}`` (not ``^{\\top}``) may be a power: ``T`` is a name of the listing."""
    return node.letter and "T" in ctx.declared


def _inverse(node: M.Inverse, ctx: Context) -> Closure:
    name = _as_name(node, ctx)
    if name is not None:
        return _lookup(name, node, ctx)
    a = compile_expr(node.operand, ctx)
    if ctx.exact:
        return lambda env: X.inverse(a(env))
    return lambda env: np.linalg.inv(x) if _ndim(x := a(env)) == 2 else 1.0 / x


def _label(node: M.Label, ctx: Context) -> Closure:
    name = identifier(node)
    if name is None:
        raise LocatedError(NotExecutable, node.span, message=f"{ctx.written(node)} is not a name")
    return _lookup(name, node, ctx)


_NORM_ORDS = {"2": 2, "1": 1, "F": "fro", "inf": np.inf, "infty": np.inf}


def _norm(node: M.Norm, ctx: Context) -> Closure:
    a = compile_expr(node.operand, ctx)
    if node.ord is None:
        return (lambda env: X.norm(a(env))) if ctx.exact else (lambda env: two_norm(a(env)))
    key = M.dump(node.ord)
    if key not in _NORM_ORDS:
        raise LocatedError(NotExecutable, node.ord.span, message=f"norm subscript {ctx.written(node.ord)}")
    order = _NORM_ORDS[key]
    if ctx.exact:
        return lambda env: X.norm(a(env), order)
    return lambda env: float(np.linalg.norm(a(env), ord=order))


def _abs(node: M.Abs, ctx: Context) -> Closure:
    a = compile_expr(node.operand, ctx)

    def abs_(env: Env) -> Any:
        x = a(env)
        if isinstance(x, AbstractSet):
            return len(x)  # |S|: the number of elements of a set
        return absolute(x)

    return abs_


def _inner(node: M.Inner, ctx: Context) -> Closure:
    a, b = compile_expr(node.left, ctx), compile_expr(node.right, ctx)

    def inner(env: Env) -> Any:
        x, y = a(env), b(env)
        try:
            return np.vdot(x, y) if _ndim(x) and _ndim(y) else x * y
        except ValueError as exc:
            if not _is_shape_error(exc):
                raise
            raise _mismatch(node, (node.left, x), (node.right, y), ctx, matmul=True) from exc

    return inner


#: ``\infty`` as written: a NumPy float, so that a Python float that *became* infinite (an
#: overflow the interpreter reports) is not confused with one the listing wrote
_INF = np.float64(np.inf)


def _infinity(node: M.Infinity, ctx: Context) -> Closure:
    return lambda env: _INF


def _tuple(node: M.Tuple, ctx: Context) -> Closure:
    if _elided(node):  # (x_0, x_2, \dots, x_{n-2}): a sequence written by its terms, one value
        values = _items(node.items, ctx)
        return lambda env: _array_of(values(env), node, ctx)
    items = [compile_expr(i, ctx) for i in node.items]
    return lambda env: tuple(i(env) for i in items)


def _elided(node: M.MathNode) -> bool:
    return isinstance(node, M.Tuple) and any(isinstance(i, M.Dots) for i in node.items)


def _group_args(args: tuple[M.MathNode, ...]) -> tuple[M.MathNode, ...]:
    if len(args) == 1 and isinstance(args[0], M.Tuple) and not _elided(args[0]):
        args = args[0].items
    for k in range(2, len(args) - 1):
        # F(x_0, x_2, \dots, x_{n-2}): the terms around the ellipsis are one argument, as x_1, \dots, x_n is
        if isinstance(args[k], M.Dots) and _stepped_family(args[k - 2], args[k - 1], args[k + 1]) is not None:
            run = args[k - 2 : k + 2]
            return (*args[: k - 2], M.Tuple(run, span=run[0].span.cover(run[-1].span)), *_group_args(args[k + 2 :]))
    return args


def _call(node: M.Call, ctx: Context) -> Closure:
    grouped = _group_args(node.args)
    names = [identifier(a) if isinstance(a, (M.Sym, M.Idx)) else None for a in grouped]
    args = [compile_expr(a, ctx) for a in grouped]
    # \max((p, r), 0): a built-in's argument written as a pair of two vectors is their inner product;
    # the listing's own functions take the pair they are given
    operands = [compile_operand(a, ctx) for a in grouped]
    name = node.func
    functions = ctx.callables()

    def call(env: Env) -> Any:
        own = callable(env.get(name))
        fn = env.get(name) if own else functions.get(name)
        if fn is None:
            raise LocatedError(UnboundName, node.span, name=name, hint=UnboundName.function_hint(name))
        _counted(env, name)
        return _settle(call_with(fn, [a(env) for a in (args if own else operands)], env, names))

    return call


def call_with(fn: Callable[..., Any], given: list[Any], env: Env, names: list[str | None]) -> Any:
    """``fn`` on ``given`` (written as ``names``); a listing's function takes them as its inputs are named.

    ``\\mathrm{Negcount}(a, b, x)`` of a function whose inputs are ``(x, a, b)``: an argument written as
    an input's name goes to that input, the others fill the inputs left in order; an input no argument
    gives, which the function reads from the function that calls it in the listing (Negcount's ``a``
    and ``b`` of ``\\mathrm{Negcount}(x)``), is the relation's own value of that name (the check's draw).
    """
    inputs = getattr(fn, "inputs", None)
    if not inputs:
        # called in the listing: its arguments by place, as written; Karatsuba's recursive
        # \Call{Karatsuba}{x_1, y_1} passes on the base B its \Require takes, which the caller holds
        own = getattr(getattr(fn, "program", None), "inputs", ())
        rest = {k: env[k] for k in own[len(given) :] if k in env and not k.startswith("$")}
        return fn(*given, **rest) if rest else fn(*given)
    by_name = {n: v for n, v in zip(names, given) if n is not None and n in inputs}
    if len(by_name) != len([n for n in names if n is not None and n in inputs]):
        return fn(*given)  # one name twice: the places decide, as written
    rest = iter(v for n, v in zip(names, given) if n is None or n not in inputs)
    left = [k for k in inputs if k not in by_name]
    filled = {**dict(zip(left, rest)), **by_name}
    if next(rest, _NONE) is not _NONE:
        return fn(*given)  # more arguments than inputs: the function says so itself
    extra = {k: env[k] for k in inputs if k not in filled and k in env and not k.startswith("$")}
    return fn(**filled, **extra)


_NONE = object()


def _counted(env: Env, name: str) -> None:
    """Count a call of ``name`` in the run's trace (``expect: calls:`` of a contract reads it)."""
    trace = env.get(TRACE_KEY)
    if trace is not None:
        trace.count("call:" + name)


def _apply(node: M.Apply, ctx: Context) -> Closure:
    # f(x): a call if f is a function, a product if f is a value; decided from what f is
    # when the statement runs, and never guessed when f is nothing at all.
    name = identifier(node.fn)
    fn_value = compile_expr(node.fn, ctx) if name is None else None
    args = [compile_expr(a, ctx) for a in _group_args(node.args)]
    names = [identifier(a) if isinstance(a, (M.Sym, M.Idx)) else None for a in _group_args(node.args)]

    indexed = compile_expr(node.fn, ctx) if isinstance(node.fn, M.Idx) else None
    # A^{\top} (B + C): the transpose of a value, when no name A_T is bound, times the group
    transposed = compile_expr(node.fn.operand, ctx) if isinstance(node.fn, M.Transpose) else None
    functions = ctx.callables()
    # π(a), H(a): one index written as a name or a number reads an entry; s_i (a_i - 1) is a product
    # … and so is r_x(j + 1) where the listing reads r_x(0): the same notation, never r_x times j + 1
    min_axes = 1 if len(node.args) == 1 and (index_like(node.args[0]) or name in ctx.entry_applied) else 2

    def apply(env: Env) -> Any:
        if fn_value is not None:
            f = fn_value(env)
        elif name in env:
            f = env[name]
        elif name in functions:
            f = functions[name]
        elif indexed is not None and identifier(node.fn.base) in env:
            f = indexed(env)  # x_i (…): an element of x times the group
        elif transposed is not None:
            f = np.transpose(transposed(env))
        else:
            raise LocatedError(
                AmbiguousMath,
                node.span,
                message=f"{name}(…) is a call if {name} is a function, a product if it is a value; {name} is neither",
            )
        values = [a(env) for a in args]
        if name is not None and holds_a_number(f) and members(name) in env:
            return _index(env[members(name)], values, node, ctx)  # f(i) of the finishing times beside the time f
        if callable(f):
            if name is not None:
                _counted(env, name)
            return _settle(call_with(f, values, env, names))
        if isinstance(f, Mapping):
            return _lookup_key(f, values, node, ctx)  # w(u, v) of a map of weights, N(u) of adjacency sets
        if (
            isinstance(f, np.ndarray)
            and f.ndim == len(values) >= min_axes
            and all(whole(v) is not None for v in values)
        ):
            # f(x, y) of an image: its pixel (x, y); π(a) of a vector of probabilities: entry a (as
            # MATLAB and probability write it); a number times a vector is written α v, never v(α)
            return _index(f, values, node, ctx)
        if len(values) == 2 and not isinstance(inner := pair_inner(tuple(values)), tuple):
            return product(f, inner)  # \alpha (p, r): a number times the inner product of two vectors
        if len(values) != 1:
            raise LocatedError(
                AmbiguousMath, node.span, message=f"{name} is a value but is applied to {len(values)} arguments"
            )
        return _outer(f, values[0]) if row else product(f, values[0])

    # v (v^{\top} B): a column times a row, as v v^{\top} B is (the group starts with a transposed factor)
    row = len(node.args) == 1 and isinstance(_leftmost(node.args[0]), M.Transpose)
    return apply


def _leftmost(node: M.MathNode) -> M.MathNode:
    while isinstance(node, M.Juxt):
        node = node.left
    return node


def _grad(node: M.Grad, ctx: Context) -> Closure:
    point = _applied_at(node)
    wrt: str | None = None
    if point is not None:  # \nabla f(y_k): the function f itself, differentiated at y_k
        f, at = compile_expr(node.f.fn, ctx), compile_expr(point, ctx)  # type: ignore[attr-defined]
    else:
        f = compile_expr(node.f, ctx)
        if node.wrt is None:
            raise LocatedError(NotExecutable, node.span, message="\\nabla needs a subscript naming the variable")
        wrt = identifier(node.wrt)
        if wrt is None:
            raise LocatedError(
                NotExecutable, node.wrt.span, message=f"cannot differentiate with respect to {ctx.written(node.wrt)}"
            )
        at = _lookup(wrt, node.wrt, ctx)

    def grad(env: Env) -> Any:
        fn = f(env)
        trace = env.get(TRACE_KEY)
        if trace is not None:
            trace.count("backward")
        if callable(fn):  # a bound loss (L_i), the f of f(y_k): differentiate the function itself
            return gradient(fn, at(env))
        if wrt is None:
            written = ctx.written(node.f.fn)  # type: ignore[attr-defined]
            raise LocatedError(NotExecutable, node.span, message=f"{written} is no function: it has no gradient")
        # an expression in the variable (\nabla_z f(z)): differentiate it by re-evaluating
        # the expression with the variable moved
        return gradient(lambda x: f({**env, wrt: x}), at(env))

    return grad


def _applied_at(node: M.Grad) -> M.MathNode | None:
    """``y_k`` of ``\\nabla f(y_k)`` and ``\\nabla_x f(y_k)``: where the function f is differentiated.

    The subscript, when the argument does not read it, names f's own variable (Nesterov's step
    ``y_k - \\frac{1}{L} \\nabla_x f(y_k)``); ``\\nabla_x f(A x)`` reads x and is differentiated as the
    expression it is (``None``).
    """
    body = node.f
    if not (isinstance(body, M.Apply) and len(body.args) == 1):
        return None
    wrt = identifier(node.wrt) if node.wrt is not None else None
    nodes = list(M.walk(body.args[0]))
    bases = {id(n.base) for n in nodes if isinstance(n, M.Idx)}  # x_k is a member of x, not the variable x
    if wrt is not None and any(isinstance(n, M.Sym) and id(n) not in bases and identifier(n) == wrt for n in nodes):
        return None
    return body.args[0]


# --- relations and logic -------------------------------------------------------------------------


def _rel(node: M.Rel, ctx: Context) -> Closure:
    first = compile_expr(node.first, ctx)
    rtol, atol = ctx.rtol, ctx.atol
    operands = [node.first] + [e for _, e in node.rest]
    steps: list[Callable[[Any, Any], bool]] = []
    for k, (op, e) in enumerate(node.rest):
        if op in RELATIONS:
            steps.append(_numeric_step(RELATIONS[op], rtol, atol))
        elif op in _SET_RELATIONS:
            steps.append(_SET_RELATIONS[op](operands[k], e, ctx))
        else:
            raise LocatedError(NotExecutable, e.span, message=f"relation {op} cannot be evaluated")
    rights = [compile_expr(e, ctx) for _, e in node.rest]
    identity = any(_names_identity(o, ctx) for o in operands)
    if len(rights) == 1 and node.rest[0][0] in RELATIONS and not identity:
        fn, right = RELATIONS[node.rest[0][0]], rights[0]
        return lambda env: fn(first(env), right(env), rtol, atol)
    pairs = list(zip(steps, rights))

    def relation(env: Env) -> bool:
        left = first(env)
        for step, right_fn in pairs:
            right = right_fn(env)
            if identity:  # Q^T Q = I: the identity of the size beside it
                left, right = settle(left, right)
            if not step(left, right):
                return False
            left = right
        return True

    return relation


def _names_identity(node: M.MathNode, ctx: Context) -> bool:
    """Whether ``node`` reads an unbound ``I`` (a value an :class:`~algoverify.math.ops.Identity` stands for)."""
    return any(
        isinstance(n, M.Sym)
        and not n.accents
        and (
            (n.name == "I" and n.font in ("", "bf", "rm") and "I" not in ctx.declared)
            or M.bold_digit(n)
            or (n.name == "e" and "e" not in ctx.declared)  # e_1
        )
        for n in M.walk(node)
    )


def _numeric_step(fn: Callable[[Any, Any, float, float], bool], rtol: float, atol: float) -> Callable[[Any, Any], bool]:
    return lambda a, b: fn(a, b, rtol, atol)


def _subset_step(test: Callable[[FiniteSet, FiniteSet], bool]) -> Callable[..., Callable]:
    def build(left: M.MathNode, right: M.MathNode, ctx: Context) -> Callable[[Any, Any], bool]:
        return lambda a, b: test(_as_set(a, left, ctx), _as_set(b, right, ctx))

    return build


def _divides(left: M.MathNode, right: M.MathNode, ctx: Context) -> Callable[[Any, Any], bool]:
    def divides(a: Any, b: Any) -> bool:
        k, n = whole(a), whole(b)
        if k is None or n is None:
            bad = left if k is None else right
            raise LocatedError(
                EvaluationFailed, bad.span, message=f"{ctx.written(bad)} is not an integer: k \\mid n needs two"
            )
        return n == 0 if k == 0 else n % k == 0

    return divides


_SET_RELATIONS: dict[str, Callable[[M.MathNode, M.MathNode, Context], Callable[[Any, Any], bool]]] = {
    "in": lambda left, right, ctx: lambda a, b: _member(a, b, left, right, ctx),
    "notin": lambda left, right, ctx: lambda a, b: not _member(a, b, left, right, ctx),
    "ni": lambda left, right, ctx: lambda a, b: _member(b, a, right, left, ctx),
    # \subset is the proper subset (ISO 80000-2, as CLRS writes it); \subseteq allows equality
    "subseteq": _subset_step(operator.le),
    "subset": _subset_step(operator.lt),
    "subsetneq": _subset_step(operator.lt),
    "supseteq": _subset_step(operator.ge),
    "supset": _subset_step(operator.gt),
    "divides": _divides,
}


def _logic(node: M.Logic, ctx: Context) -> Closure:
    """``\\land``, ``\\lor`` stop at the first operand that decides and give it, as Python's ``and``/``or``.

    ``i \\le n \\textbf{ and } x_i < t`` never reads x_{n+1}; of truth values the result is the truth
    value, and of numbers it is the deciding number (latexify prints Python's ``n and 3`` so).
    """
    args = [compile_expr(a, ctx) for a in node.args]
    if node.op == "not":
        return lambda env: not bool(args[0](env))
    stop_at = node.op != "and"  # `and` stops at a false operand, `or` at a true one

    def logic(env: Env) -> Any:
        value: Any = not stop_at
        for a in args:
            value = a(env)
            if bool(value) is stop_at:
                return value
        return value

    return logic
