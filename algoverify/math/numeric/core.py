"""The compiler's core: :class:`Context`, :func:`compile_expr` and the dispatch by node type.

:func:`compile_node` looks a node's compiler up in ``_COMPILERS`` and wraps the closure it gets
(exactness, and the guard that pins a NumPy shape error to the node that raised it). The
compilers call back into :func:`compile_expr`, so the table that names them cannot sit below
them: it is declared here, empty, and filled once by :mod:`algoverify.math.numeric` (the
package's ``__init__``, which imports every compiler module; importing any of them runs it).
"""

from __future__ import annotations

import re
from collections import ChainMap
from collections.abc import Mapping
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from typing import Any, Callable

import numpy as np

from ...findings import EvaluationFailed, LocatedError, NotExactValue, NotExecutable, ShapeMismatch
from .. import exact as X
from .. import mathexpr as M
from ..codegen import generate, written_pair
from ..functions import FUNCTIONS, indexed_from
from ..latex import written
from ..ops import pair_inner
from ..sizeless import Identity

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
    #: the text the trees' spans index (the note; the math typed at the stepper): messages quote
    #: the author's LaTeX from it. ``None`` when unknown: they print the node as LaTeX instead.
    text: str | None = None
    #: evaluate exactly (:mod:`algoverify.math.exact`): numbers are ``Fraction``\ s, ``/`` is exact,
    #: square roots are algebraic numbers, and a value with no exact form is a located ``AV310``
    exact: bool = False
    #: the listing reads ``i`` as the imaginary unit (``e^{-2 \pi i k / n}``, ``i`` bound nowhere)
    imaginary: bool = False
    #: the note says a square root may be complex (Muller's method): the root of a negative number is imaginary
    complex_roots: bool = False
    #: letters that stay constants beside labelled names of the listing (``\pi`` beside a weight ``\pi_1``)
    constant_letters: frozenset[str] = frozenset()
    #: names written with a numeral subscript that are numbers of their own (``p_1`` beside ``p \gets …``)
    labels: frozenset[str] = frozenset()
    #: names read whole that the listing computes part by part (``Q`` of its columns ``q_j``): how to assemble each
    views: dict[str, Callable[[Env], Any]] = field(default_factory=dict)
    #: names the listing stores into by index (``p_k \gets …``): they may hold a sequence, read whole as its array
    sequences: frozenset[str] = frozenset()
    #: names the listing also applies to an index written as one (Hayes's ``r_x(0)``): ``r_x(j + 1)`` is an entry too
    entry_applied: frozenset[str] = frozenset()
    #: the values the prose gives a vector just outside its ends (``u_0 = u_{n+1} = 0`` of the interior
    #: ``u_1, …, u_n``): ``(before, after)`` by name, read where an index is one past either end
    boundaries: dict[str, tuple[Any, Any]] = field(default_factory=dict)

    def callables(self) -> Mapping[str, Callable[..., Any]]:
        """The functions math may call: the exact versions first in an exact run; ``argmax`` in the index base."""
        table: Mapping[str, Callable[..., Any]] = ChainMap(X.FUNCTIONS, FUNCTIONS) if self.exact else FUNCTIONS
        return ChainMap(indexed_from(self.index_base), table) if self.index_base != 1 else table

    def written(self, node: M.MathNode) -> str:
        """``node`` as its author wrote it (:func:`algoverify.math.latex.written`), for a message."""
        return written(node, self.text)


def _ndim(x: Any) -> int:
    return getattr(x, "ndim", 0)


def _shape(x: Any) -> str:
    return "scalar" if _ndim(x) == 0 else "×".join(map(str, np.shape(x)))


#: node type → its compiler. Declared here, filled by :mod:`algoverify.math.numeric` (the package's
#: ``__init__``, run before any of its modules): the compilers call back into :func:`compile_expr`,
#: so the table that names them sits above them, and this module imports none of them.
_COMPILERS: dict[type, Callable[[Any, Context], Closure]] = {}


def compile_expr(node: M.MathNode, ctx: Context) -> Closure:
    """Compile ``node`` into ``fn(env) -> value``.

    Unguarded (the interpreter's hot path), the common nodes of an expression are generated
    as one Python function (:mod:`algoverify.math.codegen`); guarded, each node is a closure that
    names itself in any error.
    """
    if not ctx.guard and not ctx.exact and not isinstance(node, (M.Sym, M.Num)):
        return generate(node, ctx, compile_node)
    return compile_node(node, ctx)


def compile_operand(node: M.MathNode, ctx: Context) -> Closure:
    """Compile an operand of arithmetic: a written pair ``(p, r)`` of two vectors is their inner product.

    Saad writes ``(p_k, r_k) / (p_k, p_k)``; a pair of anything else stays a pair (decided from
    the values, as :func:`~algoverify.math.ops.pair_inner` runs). Tuples that are tuples (an
    exchange, a returned pair, a call's arguments) are never operands, so never compiled here.
    """
    fn = compile_expr(node, ctx)
    if not written_pair(node):
        return fn
    return lambda env: pair_inner(fn(env))


def compile_node(node: M.MathNode, ctx: Context) -> Closure:
    """Compile ``node`` as a closure (its children through :func:`compile_expr`)."""
    method = _COMPILERS.get(type(node))
    if method is None:
        message = f"{ctx.written(node)} has no value here"
        if isinstance(node, M.Given):  # q(x \mid y), p(s' \mid s, a): a conditional density written as such
            message += ": a conditional inside a call is no argument; give the arguments with commas, q(x, y)"
        raise LocatedError(NotExecutable, node.span, message=message)
    fn = method(node, ctx)
    if ctx.exact:
        fn = _exactly(fn, node, ctx)
    return _guard(fn, node, ctx) if ctx.guard else fn


def _exactly(fn: Closure, node: M.MathNode, ctx: Context) -> Closure:
    """In an exact run, a value without an exact form is ``AV310`` at the innermost node that made it."""

    def exact(env: Env) -> Any:
        try:
            return fn(env)
        except X.NotExact as exc:
            raise LocatedError(NotExactValue, node.span, what=ctx.written(node), detail=str(exc)) from exc

    return exact


def _guard(fn: Closure, node: M.MathNode, ctx: Context) -> Closure:
    # Shape errors surface as ValueError from NumPy; pin them to the node that raised them.
    if isinstance(node, (M.Sym, M.Num)):
        return fn

    def guarded(env: Env) -> Any:
        try:
            return fn(env)
        except ValueError as exc:
            if _is_shape_error(exc):
                raise LocatedError(ShapeMismatch, node.span, what=ctx.written(node), detail=numpy_words(exc)) from exc
            raise LocatedError(EvaluationFailed, node.span, message=f"{ctx.written(node)}: {exc}") from exc
        except (IndexError, np.linalg.LinAlgError) as exc:
            raise LocatedError(EvaluationFailed, node.span, message=f"{ctx.written(node)}: {exc}") from exc

    return guarded


def _is_shape_error(exc: ValueError) -> bool:
    text = str(exc)
    return "shape" in text or "dimension" in text or "broadcast" in text


def _shape_words(x: Any) -> str:
    """``is a scalar``, ``has length 3``, ``is 3×2``."""
    n = _ndim(x)
    if n == 0:
        return "is a scalar"
    return f"has length {len(x)}" if n == 1 else "is " + "×".join(map(str, np.shape(x)))


def _mismatch(
    node: M.MathNode, left: tuple[M.MathNode, Any], right: tuple[M.MathNode, Any], ctx: Context, *, matmul: bool
) -> LocatedError:
    """AV305 in the notation's words: ``A is 3×2 and v has length 3; A v needs v of length 2``."""
    (lnode, x), (rnode, y) = left, right
    a, b, whole = ctx.written(lnode), ctx.written(rnode), ctx.written(node)
    if matmul and _ndim(x) and _ndim(y):
        inner = np.shape(x)[-1]
        if _ndim(x) == 1 and _ndim(y) == 1:
            need = "two vectors of one length"
        elif _ndim(y) == 1:
            need = f"{b} of length {inner}"
        elif _ndim(x) == 1:
            need = f"{a} of length {np.shape(y)[0]}"
        else:
            need = f"{b} with {inner} rows"
    else:
        need = "operands of one shape"
    detail = f"{a} {_shape_words(x)} and {b} {_shape_words(y)}; {whole} needs {need}"
    return LocatedError(ShapeMismatch, node.span, what=whole, detail=detail)


#: how a message says each operation of two operands (``a pair (p, r) divided by a pair (p, p)``)
_VERBS = {"+": "plus", "-": "minus", "/": "divided by", "mod": "mod", "%": "mod"}


def _kind(value: Any) -> str | None:
    """What a value no arithmetic takes is, in the notation's words; ``None`` for numbers and arrays."""
    if isinstance(value, tuple):
        return "a pair" if len(value) == 2 else f"a tuple of {len(value)}"
    if isinstance(value, (AbstractSet, frozenset)):
        return "a set"
    if isinstance(value, Mapping):
        return "a map"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "a list"
    if value is None:
        return "NIL"
    if callable(value):
        return "a function"
    if type(value) is Identity:
        return "an identity of no size"
    return None


def _operand_words(x: Any, written_: str) -> str:
    kind = _kind(x)
    if kind is not None:
        return f"{kind} {written_}"
    n = _ndim(x)
    return f"the number {written_}" if n == 0 else f"the {_shape(x)} array {written_}"


def operand_error(
    node: M.MathNode, left: tuple[M.MathNode, Any], right: tuple[M.MathNode, Any], ctx: Context
) -> LocatedError | None:
    """AV306 in the notation's words when Python refuses the operands' types (a pair divided by a pair).

    ``None`` when neither operand is of a kind arithmetic refuses: the ``TypeError`` is then ours
    and says its own words. Python's ``unsupported operand type(s)`` never reaches the user.
    """
    (lnode, x), (rnode, y) = left, right
    if _kind(x) is None and _kind(y) is None:
        return None
    if isinstance(node, M.BinOp):
        verb = _VERBS.get(node.op, "times")
    elif isinstance(node, M.Frac):
        verb = "divided by"
    elif isinstance(node, M.Pow):
        verb = "to the power"
    else:
        verb = "times"
    a, b = _operand_words(x, ctx.written(lnode)), _operand_words(y, ctx.written(rnode))
    message = f"{ctx.written(node)} is {a} {verb} {b}"
    if written_pair(lnode) or written_pair(rnode):
        message += ", which has no value: (u, v) is an inner product only of two vectors of one length"
    else:
        message += ", which has no value"
    return LocatedError(EvaluationFailed, node.span, message=message)


def numpy_words(exc: BaseException) -> str:
    """NumPy's message for a shape error, said without its internals (gufunc signatures, shape tuples)."""
    text = str(exc)
    sizes = re.search(r"size (\d+) is different from (\d+)", text)
    if "gufunc" in text and sizes:
        return f"the inner sizes of a product differ ({sizes.group(1)} and {sizes.group(2)})"
    shapes = re.search(r"broadcast together with shapes ((?:\([\d, ]*\) ?)+)", text)
    if shapes:
        found = ["×".join(re.findall(r"\d+", t)) or "scalar" for t in re.findall(r"\([\d, ]*\)", shapes.group(1))]
        return f"shapes {' and '.join(found)} do not match"
    if re.search(r"'(Ones|Identity)' does not support ufuncs|instances of '(Ones|Identity)'", text):
        # \mathbf{1} or I with no size beside it: say so in the note's words, not NumPy's
        return "\\mathbf{1} (or I) has no size here: say how many entries it has (\\operatorname{ones}(n), I_n)"
    return text
