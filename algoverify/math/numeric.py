"""Math AST → NumPy closures: each expression compiled once, evaluated many times.

Consumes :mod:`algoverify.math.mathexpr` trees and produces ``fn(env) -> value`` closures over a
variable dict (identifiers from :mod:`algoverify.math.names`). The shape rules of the notation:

* juxtaposition (and ``\\cdot``) of two arrays is a matrix product (``A v``, ``u^{\\top} G u``);
  with a scalar on either side it is a plain (broadcast) product;
* ``\\odot`` is elementwise; ``\\lVert x \\rVert`` is the 2-norm (Frobenius for matrices);
* subscripts are 1-based: ``x_i`` is ``x[i-1]`` when ``x`` is an array (or a family such as
  ``B_1, \\dots, B_k``) and ``i`` an integer; a name bound as a whole (``L_i``) wins;
* ``\\sum_{i=1}^{d} body`` is vectorised when the body is elementwise in ``i``, else looped;
  a free bound such as ``d`` is inferred from the lengths of the arrays the body indexes.

No text is ever evaluated: closures are built from the AST with ordinary Python functions.
Errors raise :class:`~algoverify.findings.LocatedError` with the span of the offending node.
"""

from __future__ import annotations

import operator
from dataclasses import dataclass, field
from typing import Any, Callable

import numpy as np

from ..findings import AmbiguousMath, EvaluationFailed, LocatedError, NotExecutable, ShapeMismatch, UnboundName
from ..source import Span
from . import mathexpr as M
from .bigops import compile_bigop
from .codegen import generate
from .functions import FUNCTIONS, gradient
from .names import identifier
from .ops import RELATIONS, Sequence, power, product, transpose, two_norm

__all__ = ["Context", "compile_expr", "compile_target", "Closure", "TRACE_KEY"]

Env = dict[str, Any]
Closure = Callable[[Env], Any]

#: Key under which the run's :class:`~algoverify.running.interpreter.Trace` sits in the environment
#: (not an identifier, so no variable can shadow it).
TRACE_KEY = "$trace"


@dataclass
class Context:
    """What the compiler knows about the listing: the names it declares and its tolerances."""

    declared: set[str] = field(default_factory=set)
    functions: set[str] = field(default_factory=set)
    rtol: float = 1e-6
    atol: float = 1e-9
    #: free dimension symbols (``d``) → arrays whose length defines them, found in sum bounds
    dims: dict[str, set[str]] = field(default_factory=dict)
    #: wrap every node so an error names the node that raised it; the interpreter compiles
    #: without (a frame per node costs more than the arithmetic on small arrays) and
    #: recompiles a failing statement with guards to locate the error.
    guard: bool = True
    #: the index of an array's first element (1 as the notation counts; 0 for 0-based listings)
    index_base: int = 1


def _ndim(x: Any) -> int:
    return getattr(x, "ndim", 0)


def _shape(x: Any) -> str:
    return "scalar" if _ndim(x) == 0 else "×".join(map(str, np.shape(x)))


def compile_expr(node: M.MathNode, ctx: Context) -> Closure:
    """Compile ``node`` into ``fn(env) -> value``.

    Unguarded (the interpreter's hot path), the common nodes of an expression are generated
    as one Python function (:mod:`algoverify.math.codegen`); guarded, each node is a closure that
    names itself in any error.
    """
    if not ctx.guard and not isinstance(node, (M.Sym, M.Num)):
        return generate(node, ctx, compile_node)
    return compile_node(node, ctx)


def compile_node(node: M.MathNode, ctx: Context) -> Closure:
    """Compile ``node`` as a closure (its children through :func:`compile_expr`)."""
    method = _COMPILERS.get(type(node))
    if method is None:
        raise LocatedError(NotExecutable, node.span, message=f"{type(node).__name__.lower()} has no value here")
    fn = method(node, ctx)
    return _guard(fn, node) if ctx.guard else fn


def _guard(fn: Closure, node: M.MathNode) -> Closure:
    # Shape errors surface as ValueError from NumPy; pin them to the node that raised them.
    if isinstance(node, (M.Sym, M.Num)):
        return fn

    def guarded(env: Env) -> Any:
        try:
            return fn(env)
        except ValueError as exc:
            if "shape" in str(exc) or "dimension" in str(exc) or "broadcast" in str(exc):
                raise LocatedError(ShapeMismatch, node.span, what=M.dump(node), detail=str(exc)) from exc
            raise LocatedError(EvaluationFailed, node.span, message=f"{M.dump(node)}: {exc}") from exc
        except (IndexError, np.linalg.LinAlgError) as exc:
            raise LocatedError(EvaluationFailed, node.span, message=f"{M.dump(node)}: {exc}") from exc

    return guarded


# --- names --------------------------------------------------------------------------------------


def _lookup(name: str, node: M.MathNode, ctx: Context) -> Closure:
    def read(env: Env) -> Any:
        try:
            return env[name]
        except KeyError:
            pass
        # looked up late: the sum that defines `d` may come after `\frac{1}{d}` in the text
        dims = ctx.dims.get(name)
        if dims:
            return _infer_dim(name, dims, env, node.span)
        fn = FUNCTIONS.get(name)
        if fn is not None:
            return fn
        raise LocatedError(UnboundName, node.span, name=name, hint="")

    return read


def _infer_dim(name: str, sources: set[str], env: Env, span: Span) -> int:
    """The value of a free dimension symbol (``d``): the common length of the arrays it bounds."""
    if len(sources) == 1:
        (src,) = sources
        value = env.get(src)
        if getattr(value, "ndim", 0) >= 1:
            return len(value)
    lengths = {src: len(env[src]) for src in sorted(sources) if src in env and _ndim(env[src]) >= 1}
    if not lengths:
        raise LocatedError(UnboundName, span, name=name, hint=" (and no array to infer it from)")
    values = set(lengths.values())
    if len(values) > 1:
        detail = ", ".join(f"len({k}) = {v}" for k, v in lengths.items())
        raise LocatedError(ShapeMismatch, span, what=name, detail=f"{name} is ambiguous: {detail}")
    return values.pop()


def _sym(node: M.Sym, ctx: Context) -> Closure:
    name = identifier(node)
    if name is None:
        raise LocatedError(NotExecutable, node.span, message=f"{M.dump(node)} is not a name")
    if not ctx.guard and name in ctx.declared:
        return operator.itemgetter(name)  # a KeyError here is diagnosed by the guarded twin
    return _lookup(name, node, ctx)


def _binary(fn: Callable[[Any, Any], Any], left: M.MathNode, right: M.MathNode, ctx: Context) -> Closure:
    """``fn(left, right)`` as a closure."""
    a, b = compile_expr(left, ctx), compile_expr(right, ctx)
    return lambda env: fn(a(env), b(env))


def _idx(node: M.Idx, ctx: Context) -> Closure:
    flat = identifier(node)
    base_name = identifier(node.base)
    base = compile_expr(node.base, ctx) if base_name is None else None
    indices = [compile_expr(i, ctx) for i in node.indices]
    literal = all(isinstance(i, M.Num) for i in node.indices)

    def read(env: Env) -> Any:
        if flat is not None and flat in env:
            return env[flat]  # a name of its own: L_i assigned in the loop, B_1 given as input
        if base is not None:
            container = base(env)
        elif base_name in env:
            container = env[base_name]
        elif literal or flat is None:
            raise LocatedError(UnboundName, node.span, name=flat or base_name, hint="")
        else:
            raise LocatedError(UnboundName, node.span, name=flat, hint=f" (nor is {base_name} to index)")
        return _index(container, [i(env) for i in indices], node, index_base)

    index_base = ctx.index_base
    return read


def _as_index(i: Any, node: M.MathNode) -> int:
    if isinstance(i, (float, np.floating)) and float(i).is_integer():
        i = int(i)
    if not isinstance(i, (int, np.integer)) or isinstance(i, bool):
        raise LocatedError(EvaluationFailed, node.span, message=f"index {i!r} of {M.dump(node)} is not an integer")
    return int(i)


def _index(container: Any, idx: list[Any], node: M.MathNode, base: int = 1) -> Any:
    """``container`` at the written indices: ``base`` is the first position (arrays never wrap around)."""
    written = [_as_index(i, node) for i in idx]
    if isinstance(container, Sequence):
        key = written[0] if len(written) == 1 else tuple(written)
        if key not in container:
            set_ = ", ".join(map(str, sorted(container, key=str))) or "none"
            raise LocatedError(
                EvaluationFailed, node.span, message=f"{M.dump(node)} reads index {key}, never set (set: {set_})"
            )
        return container[key]
    positions = [w - base for w in written]
    if isinstance(container, (list, tuple)):
        sizes = [len(container)]
    elif _ndim(container) >= len(positions):
        sizes = list(np.shape(container))
    else:
        raise LocatedError(EvaluationFailed, node.span, message=f"{M.dump(node)} indexes a {_shape(container)} value")
    for p, size in zip(positions, sizes):
        if not 0 <= p < size:
            raise LocatedError(
                EvaluationFailed,
                node.span,
                message=f"index {p + base} is out of range {base}..{size - 1 + base} in {M.dump(node)}",
            )
    if isinstance(container, (list, tuple)):
        out = container[positions[0]]
        return _index(out, [p + base for p in positions[1:]], node, base) if len(positions) > 1 else out
    return container[tuple(positions)]


# --- arithmetic -------------------------------------------------------------------------------


def _num(node: M.Num, ctx: Context) -> Closure:
    value = node.value
    return lambda env: value


def _juxt(node: M.Juxt, ctx: Context) -> Closure:
    return _binary(product, node.left, node.right, ctx)


_BINOPS: dict[str, Callable[[Any, Any], Any]] = {
    "+": operator.add,
    "-": operator.sub,
    "/": operator.truediv,
    "*": product,
    "cdot": product,
    "times": np.multiply,
}


def _binop(node: M.BinOp, ctx: Context) -> Closure:
    if node.op not in _BINOPS:
        raise LocatedError(NotExecutable, node.span, message=f"operator {node.op}")
    return _binary(_BINOPS[node.op], node.left, node.right, ctx)


def _hadamard(node: M.Hadamard, ctx: Context) -> Closure:
    return _binary(np.multiply, node.left, node.right, ctx)


def _neg(node: M.Neg, ctx: Context) -> Closure:
    a = compile_expr(node.operand, ctx)
    return lambda env: -a(env)


def _frac(node: M.Frac, ctx: Context) -> Closure:
    return _binary(operator.truediv, node.num, node.den, ctx)


def _sqrt(node: M.Sqrt, ctx: Context) -> Closure:
    a = compile_expr(node.radicand, ctx)
    if node.index is None:
        return lambda env: np.sqrt(a(env))
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
    return _binary(power, node.base, node.exp, ctx)


def _transpose(node: M.Transpose, ctx: Context) -> Closure:
    name = _as_name(node, ctx)
    if name is not None:
        return _lookup(name, node, ctx)
    a = compile_expr(node.operand, ctx)
    return lambda env: transpose(a(env))


def _inverse(node: M.Inverse, ctx: Context) -> Closure:
    name = _as_name(node, ctx)
    if name is not None:
        return _lookup(name, node, ctx)
    a = compile_expr(node.operand, ctx)
    return lambda env: np.linalg.inv(x) if _ndim(x := a(env)) == 2 else 1.0 / x


def _label(node: M.Label, ctx: Context) -> Closure:
    name = identifier(node)
    if name is None:
        raise LocatedError(NotExecutable, node.span, message=f"{M.dump(node)} is not a name")
    return _lookup(name, node, ctx)


_NORM_ORDS = {"2": 2, "1": 1, "F": "fro", "inf": np.inf, "infty": np.inf}


def _norm(node: M.Norm, ctx: Context) -> Closure:
    a = compile_expr(node.operand, ctx)
    if node.ord is None:
        return lambda env: two_norm(a(env))
    key = M.dump(node.ord)
    if key not in _NORM_ORDS:
        raise LocatedError(NotExecutable, node.ord.span, message=f"norm subscript {key}")
    order = _NORM_ORDS[key]
    return lambda env: float(np.linalg.norm(a(env), ord=order))


def _abs(node: M.Abs, ctx: Context) -> Closure:
    a = compile_expr(node.operand, ctx)
    return lambda env: np.abs(a(env))


def _inner(node: M.Inner, ctx: Context) -> Closure:
    a, b = compile_expr(node.left, ctx), compile_expr(node.right, ctx)

    def inner(env: Env) -> Any:
        x, y = a(env), b(env)
        return np.vdot(x, y) if _ndim(x) and _ndim(y) else x * y

    return inner


def _infinity(node: M.Infinity, ctx: Context) -> Closure:
    return lambda env: np.inf


def _tuple(node: M.Tuple, ctx: Context) -> Closure:
    items = [compile_expr(i, ctx) for i in node.items]
    return lambda env: tuple(i(env) for i in items)


def _group_args(args: tuple[M.MathNode, ...]) -> tuple[M.MathNode, ...]:
    return args[0].items if len(args) == 1 and isinstance(args[0], M.Tuple) else args


def _call(node: M.Call, ctx: Context) -> Closure:
    args = [compile_expr(a, ctx) for a in _group_args(node.args)]
    name = node.func

    def call(env: Env) -> Any:
        fn = env.get(name) if callable(env.get(name)) else FUNCTIONS.get(name)
        if fn is None:
            raise LocatedError(UnboundName, node.span, name=name, hint=" (no such function; register it)")
        return fn(*(a(env) for a in args))

    return call


def _apply(node: M.Apply, ctx: Context) -> Closure:
    # f(x): a call if f is a function, a product if f is a value; decided from what f is
    # when the statement runs, and never guessed when f is nothing at all.
    name = identifier(node.fn)
    fn_value = compile_expr(node.fn, ctx) if name is None else None
    args = [compile_expr(a, ctx) for a in _group_args(node.args)]

    indexed = compile_expr(node.fn, ctx) if isinstance(node.fn, M.Idx) else None

    def apply(env: Env) -> Any:
        if fn_value is not None:
            f = fn_value(env)
        elif name in env:
            f = env[name]
        elif name in FUNCTIONS:
            f = FUNCTIONS[name]
        elif indexed is not None and identifier(node.fn.base) in env:
            f = indexed(env)  # x_i (…): an element of x times the group
        else:
            raise LocatedError(
                AmbiguousMath,
                node.span,
                message=f"{name}(…) is a call if {name} is a function, a product if it is a value; {name} is neither",
            )
        values = [a(env) for a in args]
        if callable(f):
            return f(*values)
        if len(values) != 1:
            raise LocatedError(
                AmbiguousMath, node.span, message=f"{name} is a value but is applied to {len(values)} arguments"
            )
        return product(f, values[0])

    return apply


def _grad(node: M.Grad, ctx: Context) -> Closure:
    f = compile_expr(node.f, ctx)
    if node.wrt is None:
        raise LocatedError(NotExecutable, node.span, message="\\nabla needs a subscript naming the variable")
    wrt = identifier(node.wrt)
    if wrt is None:
        raise LocatedError(
            NotExecutable, node.wrt.span, message=f"cannot differentiate with respect to {M.dump(node.wrt)}"
        )
    at = _lookup(wrt, node.wrt, ctx)

    def grad(env: Env) -> Any:
        fn = f(env)
        trace = env.get(TRACE_KEY)
        if trace is not None:
            trace.count("backward")
        if callable(fn):  # a bound loss (L_i): differentiate the function itself
            return gradient(fn, at(env))
        # an expression in the variable (\nabla_z f(z)): differentiate it by re-evaluating
        # the expression with the variable moved
        return gradient(lambda x: f({**env, wrt: x}), at(env))

    return grad


# --- relations and logic -------------------------------------------------------------------------


def _rel(node: M.Rel, ctx: Context) -> Closure:
    first = compile_expr(node.first, ctx)
    rest = [(op, compile_expr(e, ctx)) for op, e in node.rest]
    for op, e in node.rest:
        if op not in RELATIONS:
            raise LocatedError(NotExecutable, e.span, message=f"relation {op} cannot be evaluated")
    rtol, atol = ctx.rtol, ctx.atol

    def relation(env: Env) -> bool:
        left = first(env)
        for op, right_fn in rest:
            right = right_fn(env)
            if not RELATIONS[op](left, right, rtol, atol):
                return False
            left = right
        return True

    return relation


def _logic(node: M.Logic, ctx: Context) -> Closure:
    args = [compile_expr(a, ctx) for a in node.args]
    if node.op == "not":
        return lambda env: not bool(args[0](env))
    if node.op == "and":
        return lambda env: all(bool(a(env)) for a in args)
    return lambda env: any(bool(a(env)) for a in args)


# --- big operators ------------------------------------------------------------------------------


def _bigop(node: M.BigOp, ctx: Context) -> Closure:
    return compile_bigop(node, ctx, compile_expr)


_COMPILERS: dict[type, Callable[[Any, Context], Closure]] = {
    M.Num: _num,
    M.Sym: _sym,
    M.Idx: _idx,
    M.Label: _label,
    M.Juxt: _juxt,
    M.Apply: _apply,
    M.BinOp: _binop,
    M.Hadamard: _hadamard,
    M.Neg: _neg,
    M.Frac: _frac,
    M.Sqrt: _sqrt,
    M.Pow: _pow,
    M.Transpose: _transpose,
    M.Inverse: _inverse,
    M.Norm: _norm,
    M.Abs: _abs,
    M.Inner: _inner,
    M.BigOp: _bigop,
    M.Call: _call,
    M.Grad: _grad,
    M.Rel: _rel,
    M.Logic: _logic,
    M.Tuple: _tuple,
    M.Infinity: _infinity,
}


# --- assignment targets ---------------------------------------------------------------------------


def compile_target(node: M.MathNode, ctx: Context) -> Callable[[Env, Any], list[str]]:
    """Compile an assignment target into ``store(env, value) -> names written``.

    ``x``, ``\\hat{x}``, ``\\sigma^{2}`` (a name as a whole) store a variable; ``x_i`` stores an
    element when ``x`` is an array in scope (1-based), else the name ``x_i``; ``\\lambda, v``
    unpacks a tuple.
    """
    if isinstance(node, M.Tuple):
        parts = [compile_target(i, ctx) for i in node.items]

        def unpack(env: Env, value: Any) -> list[str]:
            if not isinstance(value, tuple) or len(value) != len(parts):
                raise LocatedError(
                    EvaluationFailed, node.span, message=f"cannot unpack {_shape(value)} into {len(parts)} names"
                )
            return [n for p, v in zip(parts, value) for n in p(env, v)]

        return unpack
    if isinstance(node, M.Idx):
        return _element_target(node, ctx)
    name = identifier(node)
    if name is None:
        raise LocatedError(NotExecutable, node.span, message=f"{M.dump(node)} cannot be assigned to")

    def store(env: Env, value: Any) -> list[str]:
        env[name] = value
        return [name]

    return store


def _element_target(node: M.Idx, ctx: Context) -> Callable[[Env, Any], list[str]]:
    """``x_i \\gets v``: an element of the array ``x``, or of the sequence ``x`` when no array is there.

    An array grows by one when the index is just past its end (``x_{n+1}``); any other index
    outside it is an error. A name that holds no array yet becomes a :class:`Sequence` keyed by
    the written indices (``x_0``, then ``x_{k+1}`` in a loop).
    """
    flat, base = identifier(node), identifier(node.base)
    indices = [compile_expr(i, ctx) for i in node.indices]
    first = ctx.index_base

    def store(env: Env, value: Any) -> list[str]:
        container = env.get(base) if base is not None else None
        if flat is not None and (flat in env or base is None):
            env[flat] = value
            return [flat]
        written = [_as_index(i(env), node) for i in indices]
        if container is None or isinstance(container, Sequence):
            seq = Sequence(container or {})
            seq[written[0] if len(written) == 1 else tuple(written)] = value
            env[base] = seq
            return [base]
        if not hasattr(container, "__setitem__") and not isinstance(container, (tuple, np.ndarray)):
            raise LocatedError(
                EvaluationFailed, node.span, message=f"{base} holds a {_shape(container)} value, not an array"
            )
        idx = [w - first for w in written]
        sizes = [len(container)] if isinstance(container, (list, tuple)) else list(np.shape(container))
        for p, size in zip(idx, sizes):
            if not 0 <= p < size:
                raise LocatedError(
                    EvaluationFailed,
                    node.span,
                    message=f"index {p + first} is out of range {first}..{size - 1 + first} in {M.dump(node)}",
                )
        if isinstance(container, np.ndarray):
            # a fresh array per store: the trace keeps every earlier value as it was
            container = np.array(container, dtype=np.result_type(container, value))
            container[tuple(idx)] = value
        else:
            container = list(container)
            container[idx[0]] = value
        env[base] = container
        return [base]

    return store
