"""Compiling literals: lists, ranges, matrices, ``cases``, pointwise functions, macros and strings.

Also ``_NO_VALUE``: why the node types with no compiler have no value, for the finding.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import numpy as np

from ...findings import EvaluationFailed, LocatedError, NotExecutable, ShapeMismatch
from .. import mathexpr as M
from ..names import written_family
from ..ops import RELATIONS
from ..sizeless import ZERO
from .core import Closure, Context, Env, compile_expr, numpy_words
from .sets import _diagonal_family, _items, _whole_or_raise
from .values import _array_of, _dtype

# --- literals -------------------------------------------------------------------------------------


def _listlit(node: M.ListLit, ctx: Context) -> Closure:
    values = _items(node.items, ctx)
    return lambda env: _array_of(values(env), node, ctx)


def _bracketed(node: M.MathNode, ctx: Context) -> bool:
    """Whether the note writes ``node`` in brackets (``[q_1, \\dots, q_n]``, a matrix of columns)."""
    text = ctx.text
    if text is None or node.span is None:
        return True  # no source to tell: the matrix reading, as before
    before = text[: node.span.start].rstrip()
    return before.endswith("[") or before.endswith("\\lbrack")


def _family_of(values: list[Any], node: M.MathNode, ctx: Context) -> Any:
    if values and all(isinstance(v, np.ndarray) and v.ndim == 1 for v in values) and len({len(v) for v in values}) == 1:
        return np.array(values, dtype=_dtype(ctx))
    return _array_of(values, node, ctx)


def _range(node: M.Range, ctx: Context) -> Closure:
    if M.zero_literal(node):  # w = (0, \dots, 0): the zero of the size it meets, never the run from 0 to 0
        return lambda env: ZERO
    if written_family(node) is not None or _diagonal_family(node) is not None:
        # \Return s_1, \dots, s_m: the members one by one, points as the rows of what is returned, as a
        # family of points comes in (p_i the rows of P); in brackets, [q_1, \dots, q_n] has them as columns
        members = _items((node,), ctx)
        if _bracketed(node, ctx):
            return lambda env: _array_of(members(env), node, ctx)
        return lambda env: _family_of(members(env), node, ctx)
    varying = _one_difference(node.lo, node.hi)
    if varying is not None and not (isinstance(node.lo, M.Num) or varying[0] is node.lo):
        return _terms(node, varying, ctx)
    lo, hi = compile_expr(node.lo, ctx), compile_expr(node.hi, ctx)

    def integers(env: Env) -> Any:
        a, b = _whole_or_raise(lo(env), node.lo, ctx), _whole_or_raise(hi(env), node.hi, ctx)
        return np.arange(a, b + 1, dtype=float) if not ctx.exact else np.array(range(a, b + 1), dtype=object)

    return integers


def _terms(node: M.Range, varying: tuple[M.MathNode, M.MathNode], ctx: Context) -> Closure:
    r"""``y(0), \dots, y(N-1)``, ``f(x_0), \dots, f(x_n)``: the terms between, one integer stepping.

    Never the integers between the two terms' values (2, …, 6 of ``y(0) = 2`` and ``y(2) = 6``).
    """
    first, last = varying
    lo, hi = compile_expr(first, ctx), compile_expr(last, ctx)
    compiled: dict[int, Closure] = {}

    def term(k: int) -> Closure:
        if k not in compiled:  # the term at k, compiled once: a \Return runs it on every call
            at = M.Num(str(k), span=first.span) if k >= 0 else M.Neg(M.Num(str(-k), span=first.span), span=first.span)
            compiled[k] = compile_expr(M.transform(node.lo, lambda n: at if n is first else n), ctx)
        return compiled[k]

    def terms(env: Env) -> Any:
        a, b = _whole_or_raise(lo(env), first, ctx), _whole_or_raise(hi(env), last, ctx)
        values = [term(k)(env) for k in range(a, b + 1)]
        return _family_of(values, node, ctx) if values else np.zeros(0)

    return terms


def _one_difference(a: M.MathNode, b: M.MathNode) -> tuple[M.MathNode, M.MathNode] | None:
    """The one pair of subtrees where ``a`` and ``b`` differ (``0``, ``N - 1`` of ``y(0)``, ``y(N-1)``), or ``None``."""
    found: list[tuple[M.MathNode, M.MathNode]] = []

    def compare(x: Any, y: Any) -> bool:
        if isinstance(x, M.MathNode) and isinstance(y, M.MathNode):
            if type(x) is not type(y) or not all(
                compare(getattr(x, f.name), getattr(y, f.name)) for f in dataclasses.fields(x) if f.name != "span"
            ):
                found.append((x, y))
            return True
        if isinstance(x, tuple) and isinstance(y, tuple):
            return len(x) == len(y) and all(compare(u, v) for u, v in zip(x, y))
        return x == y

    compare(a, b)
    # a node is recorded where its own fields differ: one difference, or several (then no one integer steps)
    return found[0] if len(found) == 1 else None


_MATRIX_KINDS = frozenset(("pmatrix", "bmatrix", "Bmatrix", "matrix", "smallmatrix", "array", "vmatrix"))


def _matrix(node: M.Matrix, ctx: Context) -> Closure:
    r"""``\begin{pmatrix} … \end{pmatrix}``: a float matrix (one column is a vector); ``vmatrix`` is its determinant.

    Cells that are matrices make a block matrix; a single column of vectors stacks them.
    """
    kind = node.kind.rstrip("*")
    if kind not in _MATRIX_KINDS:
        raise LocatedError(NotExecutable, node.span, message=f"a {kind} environment has no value")
    for row in node.rows:
        for cell in row:
            if isinstance(cell, (M.Text, M.Dots)):
                raise LocatedError(
                    NotExecutable, cell.span, message="a matrix cell with no value (empty, or an ellipsis)"
                )
    cells = [[compile_expr(c, ctx) for c in row] for row in node.rows]

    def matrix(env: Env) -> Any:
        values = [[c(env) for c in row] for row in cells]
        ranks = {np.ndim(v) for row in values for v in row}
        dtype = _dtype(ctx)
        try:
            if ranks == {0}:
                out = np.array(values, dtype=dtype)
                if kind != "vmatrix" and out.shape[1] == 1:
                    out = out[:, 0]  # a column of numbers is a vector
            elif all(len(row) == 1 for row in values) and ranks <= {0, 1}:
                out = np.concatenate([np.atleast_1d(row[0]) for row in values]).astype(dtype)
            elif ranks == {2}:
                out = np.block(values).astype(dtype)
            else:
                raise LocatedError(
                    ShapeMismatch,
                    node.span,
                    what=ctx.written(node),
                    detail="a block matrix of vectors: write them as matrices (columns or rows)",
                )
        except ValueError as exc:
            raise LocatedError(ShapeMismatch, node.span, what=ctx.written(node), detail=numpy_words(exc)) from exc
        if kind == "vmatrix":
            if out.ndim != 2 or out.shape[0] != out.shape[1]:
                raise LocatedError(
                    ShapeMismatch, node.span, what=ctx.written(node), detail="a determinant needs a square matrix"
                )
            return float(np.linalg.det(out))
        return out

    return matrix


def _cases(node: M.Cases, ctx: Context) -> Closure:
    r"""``\begin{cases} … \end{cases}``: the value of the first branch whose condition holds.

    A condition comparing arrays holds elementwise, and the cases then pick per entry
    (``\begin{cases} x & x > 0 \\ 0 & \text{otherwise} \end{cases}`` of a vector is its ReLU).
    No branch holding, with no ``otherwise``, is a located error.
    """
    branches = [(compile_expr(v, ctx), None if c is None else _pointwise(c, ctx), c) for v, c in node.branches]

    def cases(env: Env) -> Any:
        for k, (value, test, _) in enumerate(branches):
            if test is None:
                return value(env)
            t = test(env)
            if np.ndim(t) == 0:
                if t:
                    return value(env)
                continue
            return _pointwise_cases(env, branches[k:], t, node)
        raise LocatedError(EvaluationFailed, node.span, message="no case holds, and there is no 'otherwise'")

    return cases


def _pointwise_cases(env: Env, branches: list, first: Any, node: M.Cases) -> Any:
    conds, values, default = [], [], None
    # a branch is evaluated on every entry, also where it is not taken (x / |x| where x = 0)
    with np.errstate(all="ignore"):
        for k, (value, test, _) in enumerate(branches):
            if test is None:
                default = value(env)
                break
            conds.append(np.asarray(first if k == 0 else test(env), dtype=bool))
            values.append(value(env))
        conds = list(np.broadcast_arrays(*conds))
        if default is None and not np.all(np.logical_or.reduce(conds)):
            raise LocatedError(
                EvaluationFailed, node.span, message="no case holds for some entries, and there is no 'otherwise'"
            )
        return np.select(conds, values, default=0.0 if default is None else default)


_POINTWISE = {
    "<": lambda a, b, r, t: np.less(a, b),
    ">": lambda a, b, r, t: np.greater(a, b),
    "<=": lambda a, b, r, t: np.less_equal(a, np.asarray(b) + t + r * np.abs(b)),
    ">=": lambda a, b, r, t: np.greater_equal(np.asarray(a) + t + r * np.abs(a), b),
    "=": lambda a, b, r, t: np.isclose(a, b, rtol=r, atol=t),
    "!=": lambda a, b, r, t: ~np.isclose(a, b, rtol=r, atol=t),
}


def _is_array(value: Any) -> bool:
    return isinstance(value, np.ndarray) and value.ndim > 0


def _pointwise(node: M.MathNode, ctx: Context) -> Closure:
    """A case's condition: a truth value, or an array of them when it compares arrays."""
    if isinstance(node, M.Rel) and all(op in _POINTWISE for op, _ in node.rest):
        terms = [compile_expr(node.first, ctx)] + [compile_expr(e, ctx) for _, e in node.rest]
        ops = [op for op, _ in node.rest]
        rtol, atol = ctx.rtol, ctx.atol

        def compare(env: Env) -> Any:
            # from the left, each operand read only while the chain holds: `0 < q = a / b` reads
            # a / b only when 0 < q, as Python does
            left, out = terms[0](env), True
            for op, term in zip(ops, terms[1:]):
                right = term(env)
                if out is True and not (_is_array(left) or _is_array(right)):
                    if not RELATIONS[op](left, right, rtol, atol):
                        return False
                else:
                    out = np.logical_and(out, _POINTWISE[op](left, right, rtol, atol))
                left = right
            return out

        return compare
    if isinstance(node, M.Logic):
        args = [_pointwise(a, ctx) for a in node.args]

        def combine(env: Env) -> Any:
            if node.op == "not":
                v = args[0](env)
                return np.logical_not(v) if np.ndim(v) else not v
            out: Any = node.op == "and"
            for a in args:
                v = a(env)
                if np.ndim(v) == 0 and np.ndim(out) == 0:
                    if node.op == "and" and not v:
                        return False
                    if node.op == "or" and v:
                        return True
                out = np.logical_and(out, v) if node.op == "and" else np.logical_or(out, v)
            return out

        return combine
    return compile_expr(node, ctx)


def _macro(node: M.Macro, ctx: Context) -> Closure:
    word = node.name.lstrip("\\")
    if word in M.MACRO_WORDS and not node.args:
        value = M.MACRO_WORDS[word]
        return lambda env: value
    raise LocatedError(NotExecutable, node.span, message=f"{node.name} is a command algoverify does not know")


def _string(node: M.String, ctx: Context) -> Closure:
    value = node.value
    return lambda env: value


#: why a node has no value, for the finding (the node types not in :data:`_COMPILERS`)
_NO_VALUE = {
    M.Text: "words inside math have no value",
    M.Dots: "an ellipsis has no value outside a list or a set",
    M.Given: "a conditional (a | b) has no value",
    M.Colon: "a colon has no value here",
    M.Seq: "several statements have no single value",
    M.Fragment: "an incomplete statement has no value",
    M.Styled: "a decorated expression names a quantity of its own; assign it to a name",
    M.Deriv: "a derivative is evaluated only as \\nabla_x f",
    M.Partial: "\\partial on its own has no value",
    M.Assign: "an assignment is a statement, not a value",
    M.Placeholder: "a placeholder has no value",
}
