"""Math AST → NumPy closures: each expression compiled once, evaluated many times.

Consumes :mod:`algoverify.math.mathexpr` trees and produces ``fn(env) -> value`` closures over a
variable dict (identifiers from :mod:`algoverify.math.names`). The shape rules of the notation:

* juxtaposition (and ``\\cdot``) of two arrays is a matrix product (``A v``, ``u^{\\top} G u``);
  with a scalar on either side it is a plain (broadcast) product;
* ``\\odot`` is elementwise; ``\\lVert x \\rVert`` is the 2-norm (Frobenius for matrices);
* subscripts are 1-based: ``x_i`` is ``x[i-1]`` when ``x`` is an array (or a family such as
  ``B_1, \\dots, B_k``) and ``i`` an integer; a name bound as a whole (``L_i``) wins;
* ``\\sum_{i=1}^{d} body`` is vectorised when the body is elementwise in ``i``, else looped;
  a free bound such as ``d`` is inferred from the lengths of the arrays the body indexes;
* integers stay Python ints (``\\lfloor a/b \\rfloor``, ``\\bmod``, ``n!``, ``\\binom{n}{k}``, ``|S|``
  are exact); ``/`` is real division;
* sets are :class:`~algoverify.math.ops.FiniteSet` values, run over in a fixed order (sorted when
  the elements compare, else first added); intervals and number sets test membership only;
* ``\\land``/``\\lor`` and the quantifiers stop at the operand that decides; ``cases`` of arrays
  choose entry by entry.

The README's "How a listing runs" states these rules for authors. Node types with no value
(``\\text{…}``, ``\\top``, ``\\{i : P(i)\\}`` with no set named) are ``AV308`` at the node.

No text is ever evaluated: closures are built from the AST with ordinary Python functions.
Errors raise :class:`~algoverify.findings.LocatedError` with the span of the offending node.
"""

from __future__ import annotations

import dataclasses
import itertools
import math
import operator
import re
from collections import ChainMap
from collections.abc import Mapping
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Iterator

import numpy as np

from ..findings import (
    AmbiguousMath,
    EvaluationFailed,
    LocatedError,
    NotExactValue,
    NotExecutable,
    ShapeMismatch,
    UnboundName,
)
from ..source import Span
from . import exact as X
from . import mathexpr as M
from .algebraic import EXACT_TYPES
from .bigops import binder, compile_bigop, index_range, index_set, items_of, keyed, restore, save, whole
from .codegen import generate, indicator_of, outer_product
from .functions import FUNCTIONS, PYTHON_MATH, gradient, indexed_from
from .latex import written
from .names import identifier, labelled, written_family
from .ops import (
    BITWISE,
    EMPTY,
    MAX_INT_DIGITS,
    RELATIONS,
    Basis,
    FiniteSet,
    Identity,
    IntegerTooLarge,
    Ones,
    Sequence,
    absolute,
    as_finite_set,
    check_digits,
    check_terms,
    element,
    invert,
    power,
    product,
    settle,
    square_root,
    transpose,
    two_norm,
)
from .slices import IndexSpan, index_items, slice_of

__all__ = [
    "Context",
    "compile_expr",
    "compile_target",
    "Closure",
    "TRACE_KEY",
    "RealInterval",
    "NumberSet",
    "numpy_words",
]

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
    #: letters that stay constants beside labelled names of the listing (``\pi`` beside a weight ``\pi_1``)
    constant_letters: frozenset[str] = frozenset()
    #: names written with a numeral subscript that are numbers of their own (``p_1`` beside ``p \gets …``)
    labels: frozenset[str] = frozenset()
    #: names read whole that the listing computes part by part (``Q`` of its columns ``q_j``): how to assemble each
    views: dict[str, Callable[[Env], Any]] = field(default_factory=dict)
    #: names the listing stores into by index (``p_k \gets …``): they may hold a sequence, read whole as its array
    sequences: frozenset[str] = frozenset()

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


def compile_expr(node: M.MathNode, ctx: Context) -> Closure:
    """Compile ``node`` into ``fn(env) -> value``.

    Unguarded (the interpreter's hot path), the common nodes of an expression are generated
    as one Python function (:mod:`algoverify.math.codegen`); guarded, each node is a closure that
    names itself in any error.
    """
    if not ctx.guard and not ctx.exact and not isinstance(node, (M.Sym, M.Num)):
        return generate(node, ctx, compile_node)
    return compile_node(node, ctx)


def compile_node(node: M.MathNode, ctx: Context) -> Closure:
    """Compile ``node`` as a closure (its children through :func:`compile_expr`)."""
    method = _COMPILERS.get(type(node))
    if method is None:
        raise LocatedError(NotExecutable, node.span, message=f"{ctx.written(node)} has no value here")
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


# --- names --------------------------------------------------------------------------------------


def _settle(value: Any) -> Any:
    """A value as math reads it whole: a Python ``set`` as a :class:`FiniteSet`, a sequence as its array.

    A set given from Python runs in the documented order; a sequence stored by index is its array
    (a whole read of ``p`` after ``p_k \\gets …``).
    """
    kind = type(value)
    if kind is Sequence:
        return value.to_array()
    return FiniteSet(value) if kind is set or kind is frozenset else value


def _lookup(name: str, node: M.MathNode, ctx: Context) -> Closure:
    def read(env: Env) -> Any:
        try:
            return _settle(env[name])
        except KeyError:
            pass
        view = ctx.views.get(name)
        if view is not None:
            return view(env)
        # looked up late: the sum that defines `d` may come after `\frac{1}{d}` in the text
        dims = ctx.dims.get(name)
        if dims:
            return _infer_dim(name, dims, env, node.span)
        fn = ctx.callables().get(name)
        if fn is not None:
            return fn
        raise LocatedError(UnboundName, node.span, name=ctx.written(node), hint="")

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


#: words that are constants unless a listing binds them: ``\\textbf{true}``, ``\\text{false}``, ``\\textsc{nil}``
_WORDS: dict[str, Any] = {"true": True, "false": False, "nil": None, "null": None, "none": None}


def _sym(node: M.Sym, ctx: Context) -> Closure:
    name = identifier(node)
    if name is None:
        raise LocatedError(NotExecutable, node.span, message=f"{ctx.written(node)} is not a name")
    if name == "pi" and node.font == "" and not node.accents and name in ctx.constant_letters and not ctx.exact:
        return lambda env: math.pi  # `2 \pi` in a listing that stores a weight `\pi_1`: the constant
    if not ctx.guard and name in ctx.declared:
        getter = operator.itemgetter(name)  # a KeyError here is diagnosed by the guarded twin

        def read(env: Env) -> Any:
            value = getter(env)
            kind = type(value)
            if kind is Sequence:
                return value.to_array()  # _settle, inlined
            return FiniteSet(value) if kind is set or kind is frozenset else value

        return read
    if name not in ctx.declared and not node.accents:
        word = node.name.lower()
        if node.font in ("", "bf", "rm") and word in _WORDS:
            return _constant(_WORDS[word], name)
        if node.font in ("", "bf", "rm") and node.name == "I":
            return _constant(Identity(), name)  # Q^T Q = I: the identity of the size beside it
        if M.bold_digit(node):
            return _constant(Ones(int(node.name)), name)  # \mathbf{1}: all ones, of the size beside it
        if node.font == "" and node.name == "pi" and not ctx.exact:
            return _constant(math.pi, name)
        if node.font in ("", "rm") and node.name == "i" and ctx.imaginary and not ctx.exact:
            return _constant(1j, name)
        if node.font == "bb" and node.name in _NUMBER_SETS:
            return _constant(NumberSet(node.name, node.span), name)
    if node.accents and node.accents[-1] == "star" and name not in ctx.declared:
        plain = identifier(dataclasses.replace(node, accents=node.accents[:-1]))
        if plain is not None and plain in ctx.declared:
            # v^{*} beside a vector v and no name v^{*}: its conjugate transpose (Trefethen–Bau's v^* x)
            base = _lookup(plain, node, ctx)
            return lambda env: np.conj(transpose(base(env)))
    return _lookup(name, node, ctx)


def _constant(value: Any, name: str) -> Closure:
    """A constant word (``true``, ``\\mathbb{N}``), unless the run binds a variable of that name."""

    def constant(env: Env) -> Any:
        return env[name] if name in env else value

    return constant


def _binary(
    fn: Callable[[Any, Any], Any], left: M.MathNode, right: M.MathNode, ctx: Context, node: M.MathNode
) -> Closure:
    """``fn(left, right)`` as a closure; guarded, a shape mismatch names both operands' shapes."""
    a, b = compile_expr(left, ctx), compile_expr(right, ctx)
    if not ctx.guard:
        return lambda env: fn(a(env), b(env))

    def binary(env: Env) -> Any:
        x, y = a(env), b(env)
        try:
            return fn(x, y)
        except ValueError as exc:
            if not _is_shape_error(exc):
                raise
            raise _mismatch(node, (left, x), (right, y), ctx, matmul=fn is product) from exc

    return binary


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


def _idx(node: M.Idx, ctx: Context) -> Closure:
    flat = identifier(node)
    if _identity_of_size(node, ctx):
        return _eye(node, flat, ctx)
    if basis_vector(node, ctx):
        return _basis(node, flat, ctx)
    if flat is not None and labelled(node, ctx.declared.__contains__):  # x_{\mathrm{new}}: a name, never an index
        return _lookup(flat, node, ctx)
    base_name = identifier(node.base)
    base = compile_expr(node.base, ctx) if base_name is None else None
    indices = [_position(i, ctx) for i in index_items(node.indices)]
    literal = all(isinstance(i, M.Num) for i in node.indices)
    (only,) = node.indices if len(node.indices) == 1 else (None,)
    # D_{12} of a matrix: the entry (1, 2), as a_{12} is, never entry 12 of a 2-D value
    pair = (
        [int(c) for c in only.text] if isinstance(only, M.Num) and len(only.text) == 2 and only.text.isdigit() else None
    )

    def read(env: Env) -> Any:
        if flat is not None and flat in env:
            return env[flat]  # a name of its own: L_i assigned in the loop, B_1 given as input
        if base is not None:
            container = base(env)
        elif base_name in env:
            container = env[base_name]
        elif literal or flat is None:
            raise LocatedError(UnboundName, node.span, name=ctx.written(node), hint="")
        else:
            hint = f" (nor is {ctx.written(node.base)} to index)"
            raise LocatedError(UnboundName, node.span, name=ctx.written(node), hint=hint)
        if pair is not None and _ndim(container) == 2:
            return _index(container, pair, node, ctx)
        return _index(container, [i(env) for i in indices], node, ctx)

    return read


def _position(node: M.MathNode, ctx: Context, *, brackets: bool = False) -> Closure:
    """One item of a subscript: a position, or a range of them (``k:n``, ``:``; see :mod:`.slices`)."""
    if isinstance(node, M.Placeholder) and node.symbol == ":":
        return lambda env: IndexSpan()
    if not isinstance(node, M.Colon):
        return compile_expr(node, ctx)
    lo, hi = compile_expr(node.left, ctx), compile_expr(node.right, ctx)
    half_open = brackets and ctx.index_base == 0

    def span(env: Env) -> IndexSpan:
        return IndexSpan(_as_index(lo(env), node, ctx), _as_index(hi(env), node, ctx), half_open)

    return span


def _first(container: Any, ctx: Context) -> int:
    """The index of ``container``'s first entry: where a sequence started (:class:`Written`), else the index base."""
    first = getattr(container, "first", None)
    return ctx.index_base if first is None else first


def _sliced(container: Any, idx: list[Any], node: M.MathNode, ctx: Context) -> Any:
    """``container`` at positions and ranges of them (:class:`IndexSpan`): a copy, as every read is."""
    if not isinstance(container, np.ndarray) or container.ndim < len(idx):
        raise LocatedError(
            EvaluationFailed, node.span, message=f"{ctx.written(node)} slices a {_shape(container)} value"
        )
    return np.array(container[_slice_key(container, idx, node, ctx)])  # a copy, counted from the index base


def _slice_key(container: np.ndarray, idx: list[Any], node: M.MathNode, ctx: Context) -> tuple[Any, ...]:
    first, key = _first(container, ctx), []
    for i, size in zip(idx, container.shape):
        if isinstance(i, IndexSpan):
            cut, outside = slice_of(i, size, first)
            if outside is not None:
                raise _out_of_range(outside[0], first, size, node, ctx)
            key.append(cut)
            continue
        p = _as_index(i, node, ctx) - first
        if not 0 <= p < size:
            raise _out_of_range(p + first, first, size, node, ctx)
        key.append(p)
    return tuple(key)


def _unbound_letter(node: M.Idx, letter: str, ctx: Context) -> bool:
    """``letter`` subscripted once where neither it nor the subscripted name is a name of the listing."""
    base = node.base
    return (
        isinstance(base, M.Sym)
        and base.name == letter
        and not base.accents
        and base.font in ("", "bf", "rm")
        and len(node.indices) == 1
        and letter not in ctx.declared
        and identifier(node) not in ctx.declared
    )


def _identity_of_size(node: M.Idx, ctx: Context) -> bool:
    """``I_n`` (or ``I_{3}``) where nothing binds ``I``: the ``n × n`` identity."""
    return _unbound_letter(node, "I", ctx)


def basis_vector(node: M.Idx, ctx: Context) -> bool:
    """``e_1``, ``e_k`` where nothing binds ``e``: a standard basis vector."""
    return _unbound_letter(node, "e", ctx)


def _basis(node: M.Idx, flat: str | None, ctx: Context) -> Closure:
    position = compile_expr(node.indices[0], ctx)

    def basis(env: Env) -> Any:
        if flat is not None and flat in env:
            return env[flat]
        return Basis(_as_index(position(env), node, ctx) - ctx.index_base)

    return basis


def _eye(node: M.Idx, flat: str | None, ctx: Context) -> Closure:
    size = compile_expr(node.indices[0], ctx)

    def eye(env: Env) -> Any:
        if flat is not None and flat in env:
            return env[flat]
        n = size(env)
        if isinstance(n, float) and n.is_integer():
            n = int(n)
        if not isinstance(n, (int, np.integer)) or n < 0:
            raise LocatedError(EvaluationFailed, node.span, message=f"{ctx.written(node)}: {n!r} is not a size")
        if ctx.exact:  # the integers 0 and 1, which exact arithmetic carries as they are
            return np.eye(int(n), dtype=int).astype(object)
        return np.eye(int(n))

    return eye


def _as_index(i: Any, node: M.MathNode, ctx: Context) -> int:
    if isinstance(i, (float, np.floating)) and float(i).is_integer():
        i = int(i)
    if not isinstance(i, (int, np.integer)) or isinstance(i, bool):
        raise LocatedError(EvaluationFailed, node.span, message=f"index {i!r} of {ctx.written(node)} is not an integer")
    return int(i)


def _out_of_range(index: int, first: int, size: int, node: M.MathNode, ctx: Context) -> LocatedError:
    """An index outside an array, with the likely cause when it is one off at an end."""
    hint = ""
    if first == 1 and index == 0:
        hint = " (listings count from 1: a 0-based listing says `index_base: 0` in its note's `algoverify:`)"
    elif first == 0 and index == size:
        hint = " (this listing counts from 0, as its `index_base: 0` says)"
    message = f"index {index} is out of range {first}..{size - 1 + first} in {ctx.written(node)}{hint}"
    return LocatedError(EvaluationFailed, node.span, message=message)


def _index(container: Any, idx: list[Any], node: M.MathNode, ctx: Context) -> Any:
    """``container`` at the written indices: ``ctx.index_base`` is the first position (arrays never wrap around)."""
    if isinstance(container, Mapping) and not isinstance(container, Sequence):
        return _lookup_key(container, idx, node, ctx)
    if isinstance(container, Ones):
        return container[_as_index(idx[0], node, ctx) - ctx.index_base] if idx else container.scale
    if any(isinstance(i, IndexSpan) for i in idx):
        return _sliced(container, idx, node, ctx)
    base = _first(container, ctx)
    written = [_as_index(i, node, ctx) for i in idx]
    if isinstance(container, Sequence):
        key = written[0] if len(written) == 1 else tuple(written)
        if key not in container:
            set_ = ", ".join(map(str, sorted(container, key=str))) or "none"
            raise LocatedError(
                EvaluationFailed, node.span, message=f"{ctx.written(node)} reads index {key}, never set (set: {set_})"
            )
        return container[key]
    positions = [w - base for w in written]
    if isinstance(container, (list, tuple)):
        sizes = [len(container)]
    elif _ndim(container) >= len(positions):
        sizes = list(np.shape(container))
    else:
        raise LocatedError(
            EvaluationFailed, node.span, message=f"{ctx.written(node)} indexes a {_shape(container)} value"
        )
    for p, size in zip(positions, sizes):
        if not 0 <= p < size:
            raise _out_of_range(p + base, base, size, node, ctx)
    if isinstance(container, (list, tuple)):
        out = container[positions[0]]
        return _index(out, [p + base for p in positions[1:]], node, ctx) if len(positions) > 1 else _settle(out)
    return container[tuple(positions)]


def _key(values: list[Any], node: M.MathNode, ctx: Context) -> Any:
    """The key a map is read or written at: one value, or the tuple of several (``w(u, v)``)."""
    try:
        keys = [_whole_float(v) for v in values]
        key = keys[0] if len(keys) == 1 else tuple(keys)
        hash(key)
    except TypeError as exc:
        raise LocatedError(EvaluationFailed, node.span, message=f"{ctx.written(node)}: {exc}") from exc
    return key


def _whole_float(v: Any) -> Any:
    if isinstance(v, (float, np.floating)) and math.isfinite(v) and float(v).is_integer():
        return int(v)  # 3.0 read from a float array is the key 3
    return element(v)


def _lookup_key(container: Mapping, idx: list[Any], node: M.MathNode, ctx: Context) -> Any:
    """``G[u]``, ``w(u, v)``, ``\\mathrm{adj}_u`` of a map: the value at the key as written (no index base)."""
    key = _key(idx, node, ctx)
    try:
        value = container[key]
    except KeyError:
        known = ", ".join(map(repr, list(container)[:8])) or "none"
        raise LocatedError(
            EvaluationFailed,
            node.span,
            message=f"{ctx.written(node)} reads key {key!r}, not in the map (keys: {known})",
        ) from None
    return _settle(value)


def _index_node(node: M.Index, ctx: Context) -> Closure:
    """``A[i]``, ``A[:, j]``, ``A[k:n]``, ``\\pi[v]``: index base and range checks as a subscript; a map by key."""
    base = keyed(node.base, compile_expr(node.base, ctx))
    items = index_items(node.args)
    for a in items:
        if isinstance(a, M.Placeholder) and a.symbol != ":":
            raise LocatedError(NotExecutable, a.span, message=f"{ctx.written(a)} is not an index")
    args = [_position(a, ctx, brackets=True) for a in items]

    def read(env: Env) -> Any:
        container = base(env)
        if isinstance(container, Sequence):
            return _lookup_key(container, [a(env) for a in args], node, ctx)
        return _index(container, [a(env) for a in args], node, ctx)

    return read


def _attr(node: M.Attr, ctx: Context) -> Closure:
    """``u.d``, ``node.left``: a map's entry by that name, or a public attribute of the value bound from Python."""
    obj = compile_expr(node.obj, ctx)
    name = node.name
    if name.startswith("_"):
        raise LocatedError(NotExecutable, node.span, message=f"attribute {name} is not public")
    if identifier(node.obj) == "math" and name in PYTHON_MATH:
        return _python_math(node, obj, name)

    def attr(env: Env) -> Any:
        value = obj(env)
        if isinstance(value, Mapping):
            if name in value:
                return value[name]
        elif _has_fields(value):
            found = getattr(value, name, _NO_ATTRIBUTE)
            if callable(found):  # a method would act on the caller's object, outside the trace
                raise LocatedError(
                    NotExecutable, node.span, message=f"{ctx.written(node)} is a method of a Python object, not a value"
                )
            if found is not _NO_ATTRIBUTE:
                return found
        fields = getattr(value, "_fields", None) if isinstance(value, tuple) else None
        if fields:  # the outputs of a listing called by its `as:` name
            listed = ", ".join(fields)
            raise LocatedError(
                EvaluationFailed,
                node.span,
                message=f"{ctx.written(node.obj)} has no output {name}; its outputs: {listed}",
            )
        raise LocatedError(EvaluationFailed, node.span, message=f"{ctx.written(node.obj)} has no attribute {name}")

    return attr


_NO_ATTRIBUTE = object()


def _python_math(node: M.Attr, obj: Closure, name: str) -> Closure:
    """``\\mathrm{math}.\\mathrm{isqrt}``, ``math.pi``: Python's math module, as latexify prints it.

    A listing that binds a variable ``math`` of its own reads that instead.
    """
    found = PYTHON_MATH[name]

    def python_math(env: Env) -> Any:
        return getattr(obj(env), name) if "math" in env else found

    return python_math


def _has_fields(value: Any) -> bool:
    """A record bound from Python (a dataclass, a named tuple, an object): not a number, a string, an array, a set."""
    if isinstance(value, tuple):
        return hasattr(value, "_fields")
    return value is not None and not isinstance(value, (int, float, complex, str, np.ndarray, np.generic, AbstractSet))


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
        # v v^{\top} of two vectors: a column times a row, the outer product (u^{\top} v stays the inner one)
        return _binary(_outer, node.left, node.right, ctx, node)
    times = _binary(product, node.left, node.right, ctx, node)
    right, fn, rest = node.right, node.left, None
    if isinstance(fn, M.Juxt):  # `c f(x)_{2}`: c times component 2 of f(x)
        fn, rest = fn.right, fn.left
    name = identifier(fn)
    if not (isinstance(right, (M.Idx, M.Attr, M.Pow)) and name is not None and _opens_group(right, ctx)):
        return times
    # `w(y)_{2}` parses as w times (y)_2, `f(x).s` as f times (x).s, `C(x, y)^2` as C times (x, y)^2;
    # when w is a function, a reader means component 2 of w(y), the output s of f(x), the square of C(x, y)
    group = right.obj if isinstance(right, M.Attr) else right.base
    closed = group.span.end + (ctx.text is not None and ctx.text[group.span.end : group.span.end + 1] == ")")
    call, span = M.Apply(fn, (group,), span=Span(fn.span.start, closed)), Span(fn.span.start, node.span.end)
    if isinstance(right, M.Idx):
        called: M.MathNode = M.Idx(call, right.indices, span=span)
    elif isinstance(right, M.Pow):
        called = M.Pow(call, right.exp, span=span)
    else:
        called = M.Attr(call, right.name, span=span)
    if rest is not None:
        called = M.Juxt(rest, called, span=node.span)
    component = compile_expr(called, ctx)

    def juxt(env: Env) -> Any:
        return component(env) if callable(env.get(name, FUNCTIONS.get(name))) else times(env)

    return juxt


def _outer(a: Any, b: Any) -> Any:
    if _ndim(a) == 1 and _ndim(b) == 1:
        return np.outer(a, b)
    return product(a, b)


def _opens_group(node: M.Idx, ctx: Context) -> bool:
    """Whether the subscripted base is written as a parenthesised group (``(y)_{2}``), as the note shows."""
    text = ctx.text
    return text is not None and text[node.span.start : node.span.start + 1] in ("(", "\\")


_BINOPS: dict[str, Callable[[Any, Any], Any]] = {
    "+": operator.add,
    "-": operator.sub,
    "/": operator.truediv,
    "*": product,
    "cdot": product,
    "times": np.multiply,
    # Python's % on ints and floats, np.remainder on arrays: both take the sign of the modulus,
    # so a mod n lies in 0..n-1 for a positive n (-7 mod 3 = 2), as the notation means it
    "mod": operator.mod,
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
    return _binary(_BINOPS[node.op], node.left, node.right, ctx, node)


def _as_set(value: Any, node: M.MathNode, ctx: Context) -> FiniteSet:
    if isinstance(value, AbstractSet):
        return as_finite_set(value)
    raise LocatedError(EvaluationFailed, node.span, message=f"{ctx.written(node)} is {_what(value)}, not a set")


def _what(value: Any) -> str:
    if isinstance(value, np.ndarray):
        return f"a {_shape(value)} array"
    return "NIL" if value is None else f"a {type(value).__name__} ({value!r})"


def _set_binop(node: M.BinOp, ctx: Context) -> Closure:
    fn = _SET_OPS[node.op]
    a, b = compile_expr(node.left, ctx), compile_expr(node.right, ctx)
    left, right = node.left, node.right
    return lambda env: fn(_as_set(a(env), left, ctx), _as_set(b(env), right, ctx))


def _hadamard(node: M.Hadamard, ctx: Context) -> Closure:
    return _binary(np.multiply, node.left, node.right, ctx, node)


def _neg(node: M.Neg, ctx: Context) -> Closure:
    a = compile_expr(node.operand, ctx)
    return lambda env: -a(env)


def _bitnot(node: M.BitNot, ctx: Context) -> Closure:
    a = compile_expr(node.operand, ctx)
    return lambda env: invert(a(env))


def _frac(node: M.Frac, ctx: Context) -> Closure:
    return _binary(X.divide if ctx.exact else operator.truediv, node.num, node.den, ctx, node)


def _sqrt(node: M.Sqrt, ctx: Context) -> Closure:
    a = compile_expr(node.radicand, ctx)
    if ctx.exact:
        if node.index is None:
            return lambda env: X.square_root(a(env))
        k = compile_expr(node.index, ctx)
        return lambda env: X.power(a(env), X.divide(1, k(env)))
    if node.index is None:
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
    args = [compile_expr(a, ctx) for a in _group_args(node.args)]
    name = node.func
    functions = ctx.callables()

    def call(env: Env) -> Any:
        fn = env.get(name) if callable(env.get(name)) else functions.get(name)
        if fn is None:
            raise LocatedError(UnboundName, node.span, name=name, hint=" (no such function; register it)")
        _counted(env, name)
        return _settle(fn(*(a(env) for a in args)))

    return call


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

    indexed = compile_expr(node.fn, ctx) if isinstance(node.fn, M.Idx) else None
    functions = ctx.callables()

    def apply(env: Env) -> Any:
        if fn_value is not None:
            f = fn_value(env)
        elif name in env:
            f = env[name]
        elif name in functions:
            f = functions[name]
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
            if name is not None:
                _counted(env, name)
            return _settle(f(*values))
        if isinstance(f, Mapping):
            return _lookup_key(f, values, node, ctx)  # w(u, v) of a map of weights, N(u) of adjacency sets
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
        if callable(fn):  # a bound loss (L_i): differentiate the function itself
            return gradient(fn, at(env))
        # an expression in the variable (\nabla_z f(z)): differentiate it by re-evaluating
        # the expression with the variable moved
        return gradient(lambda x: f({**env, wrt: x}), at(env))

    return grad


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


# --- sets -----------------------------------------------------------------------------------------


class RealInterval:
    """``[a, b)``, ``(a, b]``, ``[a, b]``: an interval of real numbers, for membership (exact comparisons).

    It has no elements to list: running over one (``\\ForAll``, ``\\sum_{x \\in [0, 1]}``) is a
    located error, as is using it as a number. A closed interval unpacks into its ends
    (``[a, b] \\gets [a, m]``).
    """

    __slots__ = ("lo", "hi", "closed_lo", "closed_hi", "span")

    def __init__(self, lo: Any, hi: Any, closed_lo: bool, closed_hi: bool, span: Span):
        self.lo, self.hi, self.closed_lo, self.closed_hi, self.span = lo, hi, closed_lo, closed_hi, span

    def __contains__(self, x: Any) -> bool:
        lo, hi = self.lo, self.hi
        if isinstance(x, np.ndarray) or isinstance(lo, np.ndarray) or isinstance(hi, np.ndarray):
            # a vector in [0, 1], or in a box [l, u]: every entry
            if isinstance(x, np.ndarray) and x.dtype.kind not in "iuf":
                return False
            above = np.less_equal(lo, x) if self.closed_lo else np.less(lo, x)
            below = np.less_equal(x, hi) if self.closed_hi else np.less(x, hi)
            return bool(np.all(np.logical_and(above, below)))
        if not _is_real(x):
            return False
        above = lo <= x if self.closed_lo else lo < x
        below = x <= hi if self.closed_hi else x < hi
        return bool(above and below)

    def __iter__(self) -> Iterator[Any]:
        raise LocatedError(
            NotExecutable,
            self.span,
            message=f"{self!r} is an interval of real numbers: it has no elements to run over "
            "(write \\{a, \\dots, b\\} for the integers)",
        )

    def __eq__(self, other: object) -> bool:
        return isinstance(other, RealInterval) and (self.lo, self.hi, self.closed_lo, self.closed_hi) == (
            other.lo,
            other.hi,
            other.closed_lo,
            other.closed_hi,
        )

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"{'[' if self.closed_lo else '('}{self.lo}, {self.hi}{']' if self.closed_hi else ')'}"


def _is_real(x: Any) -> bool:
    # an exact run's numbers (Fraction, Surd, Algebraic) are real numbers too
    return isinstance(x, (int, float, *EXACT_TYPES, np.integer, np.floating)) and not isinstance(x, (bool, np.bool_))


#: ``\mathbb{N}`` counts from 0, as the declarations read it (``k \in \mathbb{N}``: a non-negative integer)
_NUMBER_SETS = {"N": "natural", "Z": "integer", "Q": "rational", "R": "real", "C": "complex"}


class NumberSet:
    r"""``\mathbb{N}`` (0, 1, 2, …), ``\mathbb{Z}``, ``\mathbb{Q}``, ``\mathbb{R}``, ``\mathbb{C}``: membership only.

    A whole float is an integer (``3.0 \in \mathbb{N}``); every finite float is rational and
    real; infinities and NaN belong to none. It has no elements to list.
    """

    __slots__ = ("letter", "span")

    def __init__(self, letter: str, span: Span):
        self.letter, self.span = letter, span

    def __contains__(self, x: Any) -> bool:
        if isinstance(x, np.ndarray):
            return all(self.__contains__(v) for v in x.flat)
        if self.letter == "C" and isinstance(x, (complex, np.complexfloating)):
            return bool(np.isfinite(x))
        if not _is_real(x) or not math.isfinite(x):
            return False
        if self.letter in ("N", "Z"):
            n = whole(x)
            return n is not None and (self.letter == "Z" or n >= 0)
        return True

    def __iter__(self) -> Iterator[Any]:
        raise LocatedError(
            NotExecutable,
            self.span,
            message=f"\\mathbb{{{self.letter}}} is infinite: it has no elements to run over",
        )

    def __eq__(self, other: object) -> bool:
        return isinstance(other, NumberSet) and other.letter == self.letter

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"\\mathbb{{{self.letter}}}"


def _interval(node: M.Interval, ctx: Context) -> Closure:
    r"""``[a, b)``, ``[a, b]`` of numbers: an interval. ``[u, v]`` of vectors or pairs is a list of two."""
    lo, hi = compile_expr(node.lo, ctx), compile_expr(node.hi, ctx)
    closed = (node.closed_lo, node.closed_hi)
    span = node.span
    as_list = closed == (True, True)

    def interval(env: Env) -> Any:
        a, b = lo(env), hi(env)
        if as_list and not (_is_real(a) and _is_real(b)):
            return _array_of([a, b], node, ctx)
        return RealInterval(a, b, *closed, span)

    return interval


def _set_expr(node: M.MathNode, ctx: Context) -> Closure:
    """Compile what follows ``\\in``: an interval (of numbers or a box of vectors); ``(a, b)`` is the open one."""
    if isinstance(node, M.Interval):
        lo, hi = compile_expr(node.lo, ctx), compile_expr(node.hi, ctx)
        closed = (node.closed_lo, node.closed_hi)
        span = node.span
        return lambda env: RealInterval(lo(env), hi(env), *closed, span)
    if isinstance(node, M.Tuple) and len(node.items) == 2:
        lo, hi = compile_expr(node.items[0], ctx), compile_expr(node.items[1], ctx)
        span = node.span
        return lambda env: RealInterval(lo(env), hi(env), False, False, span)
    return compile_expr(node, ctx)


def _member(x: Any, S: Any, enode: M.MathNode, snode: M.MathNode, ctx: Context) -> bool:
    r"""``x \in S``, for a finite set, a map's keys, a list, an interval or a number set.

    A tuple ``x`` is one element when ``S`` holds tuples (``(u, v) \in E``), else each of its
    items must be in ``S`` (``\beta_1, \beta_2 \in [0, 1)``).
    """
    if isinstance(S, (RealInterval, NumberSet)):
        if type(x) is tuple:
            return all(v in S for v in x)
        return x in S
    if isinstance(S, AbstractSet) or (isinstance(S, Mapping) and not isinstance(S, Sequence)):
        if type(x) is tuple and not _holds_tuples(S):
            return all(_has(S, v, enode, ctx) for v in x)
        return _has(S, x, enode, ctx)
    if isinstance(S, (list, tuple, range)):
        if isinstance(x, np.ndarray):
            return any(isinstance(s, np.ndarray) and np.array_equal(s, x) for s in S)
        return any(not isinstance(s, np.ndarray) and s == x for s in S)
    if isinstance(S, np.ndarray):
        raise LocatedError(
            EvaluationFailed,
            snode.span,
            message=f"{ctx.written(snode)} is an array: membership in its entries or in a set? "
            "Write the set (\\{…\\})",
        )
    raise LocatedError(EvaluationFailed, snode.span, message=f"{ctx.written(snode)} is {_what(S)}, not a set")


def _holds_tuples(S: Any) -> bool:
    for first in S:
        return type(first) is tuple
    return False


def _has(S: Any, x: Any, enode: M.MathNode, ctx: Context) -> bool:
    try:
        return element(x) in S
    except TypeError as exc:
        raise LocatedError(EvaluationFailed, enode.span, message=f"{ctx.written(enode)}: {exc}") from exc


def _in(node: M.In, ctx: Context) -> Closure:
    if isinstance(node.element, M.Range):
        raise LocatedError(
            NotExecutable, node.element.span, message="a family x_1, …, x_n in a set: test its members one by one"
        )
    x, S = compile_expr(node.element, ctx), _set_expr(node.set, ctx)
    enode, snode = node.element, node.set
    return lambda env: _member(x(env), S(env), enode, snode, ctx)


def _const(node: M.Const, ctx: Context) -> Closure:
    if node.name == "emptyset":
        return lambda env: EMPTY
    if node.name in ("top", "bot"):
        raise LocatedError(
            NotExecutable,
            node.span,
            message=f"\\{node.name} reads as a truth value or as 'undefined': write \\textbf{{true}}, "
            "\\textbf{false} or \\textsc{nil}",
        )
    raise LocatedError(NotExecutable, node.span, message=f"{node.name} has no value")


def _items(nodes: tuple[M.MathNode, ...], ctx: Context) -> Callable[[Env], list[Any]]:
    r"""The values of a literal's items: ``1, \dots, n`` and ``1, 3, \dots, n`` expand to integers."""
    parts: list[tuple[str, Any]] = []
    for k, item in enumerate(nodes):
        family = written_family(item)
        if family is not None:
            base, last = family
            parts.append(("family", (base, compile_expr(item.lo.indices[0], ctx), compile_expr(last, ctx), item)))
        elif isinstance(item, M.Range):
            parts.append(("range", (compile_expr(item.lo, ctx), compile_expr(item.hi, ctx), item)))
        elif isinstance(item, M.Dots):
            if k < 2 or k + 1 >= len(nodes) or isinstance(nodes[k + 1], M.Dots):
                raise LocatedError(
                    NotExecutable, item.span, message="an ellipsis needs two terms before it and one after (1, 3, …, n)"
                )
            stepped = _stepped_family(nodes[k - 2], nodes[k - 1], nodes[k + 1])
            if stepped is not None and parts[-2][0] == parts[-1][0] == "value":
                # x_0, x_2, \dots, x_{n-2}: every other member, by its index; with n = 2 only x_0, so
                # the two members written before the ellipsis are not read on their own
                base, ends = stepped
                del parts[-2:]
                members = M.Range(nodes[k - 2], nodes[k + 1], span=nodes[k - 2].span.cover(nodes[k + 1].span))
                parts.append(("stepped", (base, tuple(compile_expr(e, ctx) for e in ends), members)))
                continue
            parts.append(("dots", (compile_expr(nodes[k + 1], ctx), item)))
        else:
            parts.append(("value", compile_expr(item, ctx)))

    def values(env: Env) -> list[Any]:
        out: list[Any] = []
        skip = False
        for kind, part in parts:
            if skip:
                skip = False
                continue
            if kind == "value":
                out.append(part(env))
            elif kind == "range":
                lo, hi, item = part
                a, b = _whole_or_raise(lo(env), item.lo, ctx), _whole_or_raise(hi(env), item.hi, ctx)
                out.extend(range(a, b + 1))
            elif kind == "family":
                base, lo, hi, item = part
                a = _whole_or_raise(lo(env), item.lo.indices[0], ctx)
                b = _whole_or_raise(hi(env), item.hi.indices[0], ctx)
                out.extend(_family_member(env, base, i, item, ctx) for i in range(a, b + 1))
            elif kind == "stepped":
                base, ends, members = part
                a, b, c = (_whole_or_raise(e(env), members, ctx) for e in ends)
                out.extend(_family_member(env, base, i, members, ctx) for i in _progression(a, b, c, members))
                skip = True
            else:
                end, item = part
                a, b = (_whole_or_raise(v, item, ctx) for v in out[-2:])
                c = _whole_or_raise(end(env), item, ctx)
                step = b - a
                if step == 0:
                    raise LocatedError(
                        EvaluationFailed, item.span, message=f"{a}, {b}, …, {c} does not step: how many terms?"
                    )
                if (c - b) % step or (c - b) * step < 0:
                    raise LocatedError(
                        EvaluationFailed, item.span, message=f"{a}, {b}, …, {c} is not a progression that reaches {c}"
                    )
                out.extend(range(b + step, c + (1 if step > 0 else -1), step))
                skip = True  # the term after the ellipsis is its end, already included
        return out

    return values


def _stepped_family(
    first: M.MathNode, second: M.MathNode, last: M.MathNode
) -> tuple[M.MathNode, tuple[M.MathNode, ...]] | None:
    """``x_0, x_2, \\dots, x_{n-2}``: the base ``x`` and the indices 0, 2, n - 2 (members of one name)."""
    nodes = (first, second, last)
    if not all(isinstance(n, M.Idx) and len(n.indices) == 1 for n in nodes):
        return None
    bases = {M.dump(n.base) for n in nodes}  # type: ignore[attr-defined]
    if len(bases) != 1:
        return None
    return first.base, tuple(n.indices[0] for n in nodes)  # type: ignore[attr-defined]


def _progression(a: int, b: int, c: int, item: M.MathNode) -> range:
    """The indices of ``x_a, x_b, …, x_c``: from ``a`` in steps of ``b - a`` up to ``c``, none past it."""
    step = b - a
    if step == 0:
        raise LocatedError(EvaluationFailed, item.span, message=f"{a}, {b}, …, {c} does not step: how many terms?")
    if (c - a) * step >= step * step and (c - a) % step:
        raise LocatedError(
            EvaluationFailed, item.span, message=f"{a}, {b}, …, {c} is not a progression that reaches {c}"
        )
    return range(a, c + (1 if step > 0 else -1), step)  # c before b: the members up to c (none when c is before a)


def _family_member(env: Env, base: M.MathNode, i: int, item: M.Range, ctx: Context) -> Any:
    """``base_i`` of a family: a name of its own (``B_1`` given as input), else the base indexed."""
    node = M.Idx(base, (M.Num(str(i), span=item.span),), span=item.span)
    flat, name = identifier(node), identifier(base)
    if flat is not None and flat in env:
        return env[flat]
    if name in env:
        return _index(env[name], [i], node, ctx)
    raise LocatedError(UnboundName, item.span, name=written(node, None), hint="")


def _whole_or_raise(value: Any, node: M.MathNode, ctx: Context) -> int:
    n = whole(value)
    if n is None:
        raise LocatedError(EvaluationFailed, node.span, message=f"{ctx.written(node)} = {value!r} is not an integer")
    return n


def _setlit(node: M.SetLit, ctx: Context) -> Closure:
    values = _items(node.items, ctx)
    if not node.items:
        return lambda env: EMPTY

    def setlit(env: Env) -> FiniteSet:
        try:
            return FiniteSet(values(env))
        except TypeError as exc:
            raise LocatedError(EvaluationFailed, node.span, message=f"{ctx.written(node)}: {exc}") from exc

    return setlit


def _setbuilder(node: M.SetBuilder, ctx: Context) -> Closure:
    r"""``\{x \in S : P(x)\}``, ``\{(u, v) \in E : u < v\}``, ``\{f(x) : x \in S, P(x)\}``, ``\{i : \ell_i = j\}``.

    ``x`` runs over the finite set ``S`` in its iteration order. A set-builder that names no set
    (``\{i : \ell_i = j\}``, ``\{i \mid x_i > 0\}``) runs over the indices of the arrays its
    condition indexes by ``i``, in the listing's index base; when there are none
    (``\{i : 1 \le i \le n\}``) or they differ in length, it does not say what ``i`` ranges over
    and is a located ``AV308`` (see :func:`~algoverify.math.bigops.index_range`).
    """
    element_node, condition = node.element, node.condition
    conds: list[M.MathNode] = []
    value: Closure | None = None
    indices: Callable[[Env], tuple[int, int]] | None = None
    if isinstance(element_node, M.In):
        target, domain, conds = element_node.element, element_node.set, [condition]
    else:
        parts = M.conjuncts(condition)
        var = identifier(element_node) if isinstance(element_node, M.Sym) else None
        if isinstance(parts[0], M.In):
            target, domain, conds = parts[0].element, parts[0].set, parts[1:]
            value = compile_expr(element_node, ctx)
        elif var is not None:
            # \{i : \ell_i = j\}: i runs over the indices of what the condition indexes by i
            fix = f"\\{{{var} \\in {index_set(ctx.index_base)} : …\\}}"
            target, domain, conds = element_node, None, parts
            indices = index_range(var, parts, node, ctx, compile_expr, fix)
        else:
            raise LocatedError(
                NotExecutable,
                node.span,
                message=f"{ctx.written(node)} names no finite set its elements come from: write \\{{x \\in S : …\\}}",
            )
    names, bind = binder(target, node, ctx)
    over = _set_expr(domain, ctx) if domain is not None else None
    tests = [(compile_expr(c, ctx), c) for c in conds]

    def build(env: Env) -> FiniteSet:
        if indices is not None:
            first, last = indices(env)
            check_terms(last - first + 1, ctx.written(node))
            elements: Iterable[Any] = range(first, last + 1)
        else:
            elements = items_of(over(env), domain, ctx)  # type: ignore[misc,arg-type]
        saved = save(env, names)
        out = []
        try:
            for x in elements:
                bind(env, x)
                if all(_truth(t(env), c, ctx) for t, c in tests):
                    out.append(x if value is None else value(env))
        finally:
            restore(env, saved)
        try:
            return FiniteSet(out)
        except TypeError as exc:
            raise LocatedError(
                EvaluationFailed, element_node.span, message=f"{ctx.written(element_node)}: {exc}"
            ) from exc

    return build


def _truth(value: Any, node: M.MathNode, ctx: Context) -> bool:
    if type(value) is bool:
        return value
    if np.ndim(value) != 0:
        raise LocatedError(EvaluationFailed, node.span, message=f"{ctx.written(node)} is an array, not a truth value")
    return bool(value)


def _quant(node: M.Quant, ctx: Context) -> Closure:
    r"""``\forall x \in S: P``, ``\exists (u, v) \in E : P``, ``\nexists``: over finite sets, stopping early."""
    if node.body is None:
        raise LocatedError(NotExecutable, node.span, message=f"\\{node.kind} {ctx.written(node.var)} states nothing")
    ranges = list(node.var.items) if isinstance(node.var, M.Tuple) else [node.var]
    levels = []
    for r in ranges:
        if not isinstance(r, M.In):
            raise LocatedError(
                NotExecutable,
                r.span,
                message=f"\\{node.kind} {ctx.written(r)} names no finite set to range over: "
                f"write \\{node.kind} x \\in S",
            )
        names, bind = binder(r.element, r, ctx)
        width = len(r.element.items) if isinstance(r.element, M.Tuple) else 0
        single = [binder(t, r, ctx) for t in r.element.items] if width else []
        levels.append((names, bind, width, single, _set_expr(r.set, ctx), r.set))
    body, body_node = compile_expr(node.body, ctx), node.body
    # forall: stop at the first counterexample; exists and nexists: at the first witness
    want = node.kind == "forall"
    all_names = [n for level in levels for n in level[0]]

    def search(env: Env, depth: int) -> bool:
        if depth == len(levels):
            return _truth(body(env), body_node, ctx) == want
        names, bind, width, single, over, where = levels[depth]
        elements = list(items_of(over(env), where, ctx))
        if width and elements and not all(type(e) is tuple and len(e) == width for e in elements):
            # \forall u, v \in V: each name over the set, not pairs of it
            for combo in itertools.product(elements, repeat=width):
                for (_, b), v in zip(single, combo):
                    b(env, v)
                if not search(env, depth + 1):
                    return False
            return True
        for x in elements:
            bind(env, x)
            if not search(env, depth + 1):
                return False
        return True

    def quantified(env: Env) -> bool:
        saved = save(env, all_names)
        try:
            everywhere = search(env, 0)  # the body is `want` for every binding
        finally:
            restore(env, saved)
        if node.kind == "forall":
            return everywhere
        return not everywhere if node.kind == "exists" else everywhere  # exists: some binding made it true

    def first_failure(env: Env) -> dict[str, Any] | None:
        # the search stops at the binding that broke it: the names still hold it
        saved = save(env, all_names)
        try:
            return None if search(env, 0) else {n: env[n] for n in all_names if n in env}
        finally:
            restore(env, saved)

    quantified.first_failure = first_failure  # type: ignore[attr-defined]
    return quantified


def forall_failure(node: M.Quant, ctx: Context, env: Env) -> dict[str, Any] | None:
    r"""The first binding of ``\forall``'s names where its statement is false (``{"i": 2}``), else ``None``."""
    if node.kind != "forall":
        raise ValueError("forall_failure takes a \\forall")
    return _quant(node, ctx).first_failure(dict(env))  # type: ignore[attr-defined]


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
            EvaluationFailed, node.span, message=f"{what}: {ctx.written(node)} = {value!r} is not an integer"
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
    r"""``\binom{n}{k}`` of integers, exact: 0 for k < 0 or k > n ≥ 0; (-1)^k \binom{k-n-1}{k} for n < 0."""
    n_fn, k_fn = compile_expr(node.n, ctx), compile_expr(node.k, ctx)

    def binom(env: Env) -> int:
        n = _natural(n_fn(env), node.n, ctx.written(node), ctx)
        k = _natural(k_fn(env), node.k, ctx.written(node), ctx)
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
    terms = [compile_expr(rel.first, ctx)] + [compile_expr(e, ctx) for _, e in rel.rest]
    nodes = [rel.first] + [e for _, e in rel.rest]
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


# --- literals -------------------------------------------------------------------------------------


def _array_of(values: list[Any], node: M.MathNode, ctx: Context) -> Any:
    r"""A list literal's value: a float vector of numbers (as inputs become), a matrix of vectors.

    Vectors are the columns (``[a_1, \dots, a_n]``, as the declarations read it); anything else
    (tuples, sets) stays a list.
    """
    dtype = _dtype(ctx)
    if all(_is_real(v) or isinstance(v, (bool, np.bool_)) for v in values):
        return np.array(values, dtype=dtype)
    if values and all(isinstance(v, np.ndarray) and v.ndim == 1 for v in values):
        if len({len(v) for v in values}) != 1:
            raise LocatedError(ShapeMismatch, node.span, what=ctx.written(node), detail="its columns differ in length")
        return np.column_stack(values).astype(dtype)
    return list(values)


def _dtype(ctx: Context) -> Any:
    """The element type of arrays the math builds: floats, or exact numbers (object) in an exact run."""
    return object if ctx.exact else float


def _listlit(node: M.ListLit, ctx: Context) -> Closure:
    values = _items(node.items, ctx)
    return lambda env: _array_of(values(env), node, ctx)


def _range(node: M.Range, ctx: Context) -> Closure:
    if written_family(node) is not None:  # [q_1, \dots, q_n]: the members (vectors become columns)
        members = _items((node,), ctx)
        return lambda env: _array_of(members(env), node, ctx)
    lo, hi = compile_expr(node.lo, ctx), compile_expr(node.hi, ctx)

    def integers(env: Env) -> Any:
        a, b = _whole_or_raise(lo(env), node.lo, ctx), _whole_or_raise(hi(env), node.hi, ctx)
        return np.arange(a, b + 1, dtype=float) if not ctx.exact else np.array(range(a, b + 1), dtype=object)

    return integers


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
    M.BitNot: _bitnot,
    M.Inner: _inner,
    M.BigOp: _bigop,
    M.Call: _call,
    M.SubCall: _subcall,
    M.Grad: _grad,
    M.Rel: _rel,
    M.Logic: _logic,
    M.Tuple: _tuple,
    M.Infinity: _infinity,
    M.Floor: _floor,
    M.Ceil: _ceil,
    M.Factorial: _factorial,
    M.Binom: _binom,
    M.Modulo: _pmod,
    M.SetLit: _setlit,
    M.SetBuilder: _setbuilder,
    M.Interval: _interval,
    M.ListLit: _listlit,
    M.Range: _range,
    M.In: _in,
    M.Const: _const,
    M.Quant: _quant,
    M.Cases: _cases,
    M.Matrix: _matrix,
    M.Index: _index_node,
    M.Attr: _attr,
    M.Macro: _macro,
    M.String: _string,
}


# --- assignment targets ---------------------------------------------------------------------------

Store = Callable[[Env, Any], list[str]]
#: a target in two steps: ``locate(env)`` evaluates where it stores (its indices), ``put(env, where,
#: value)`` stores; a simultaneous assignment locates every target before it stores any
Locate = Callable[[Env], Any]
Put = Callable[[Env, Any, Any], list[str]]


def compile_target(node: M.MathNode, ctx: Context) -> Store:
    """Compile an assignment target into ``store(env, value) -> names written``.

    ``x``, ``\\hat{x}``, ``\\sigma^{2}`` (a name as a whole) store a variable; ``x_i`` and ``A[i]``
    store an element when ``x`` is an array in scope (same index base and range checks as a
    read), an entry when it is a map, else an index of the sequence ``x``. ``(a, b)`` (also
    ``a, b`` and ``[a, b]``) is a simultaneous assignment: the right-hand side is evaluated
    first (by the caller), then every target's indices, then the values are stored, so
    ``(x_i, x_j) \\gets (x_j, x_i)`` swaps and ``(a, b) \\gets (b, a \\bmod b)`` is Euclid's step.
    """
    name = identifier(node)
    if name is not None and not isinstance(node, (M.Idx, M.Tuple)):

        def store_name(env: Env, value: Any) -> list[str]:
            env[name] = value
            return [name]

        return store_name
    locate, put = _target(node, ctx)

    def store(env: Env, value: Any) -> list[str]:
        return put(env, locate(env), value)

    return store


def _target(node: M.MathNode, ctx: Context) -> tuple[Locate, Put]:
    if isinstance(node, (M.Tuple, M.ListLit)) or (isinstance(node, M.Interval) and node.closed_lo and node.closed_hi):
        return _unpack_target(node, ctx)
    if isinstance(node, M.Idx):
        return _element_target(node, ctx)
    if isinstance(node, M.Index):
        return _index_target(node, ctx)
    name = identifier(node)
    if name is None:
        raise LocatedError(NotExecutable, node.span, message=f"{ctx.written(node)} cannot be assigned to")

    def put(env: Env, where: Any, value: Any) -> list[str]:
        env[name] = value
        return [name]

    return (lambda env: None), put


def _unpack_target(node: M.Tuple | M.ListLit | M.Interval, ctx: Context) -> tuple[Locate, Put]:
    items = (node.lo, node.hi) if isinstance(node, M.Interval) else node.items
    parts = [_target(i, ctx) for i in items]
    k = len(parts)

    def locate(env: Env) -> list[Any]:
        return [loc(env) for loc, _ in parts]

    def put(env: Env, where: list[Any], value: Any) -> list[str]:
        values = _unpackable(value, k, node)
        return [n for (_, p), w, v in zip(parts, where, values) for n in p(env, w, v)]

    return locate, put


def _unpackable(value: Any, k: int, node: M.MathNode) -> list[Any]:
    if isinstance(value, RealInterval):
        value = (value.lo, value.hi)  # [a, b] \gets [a, m]: the ends of the interval
    elif isinstance(value, np.ndarray) and value.ndim == 1:
        value = value.tolist()
    if isinstance(value, (tuple, list)) and len(value) == k:
        return list(value)
    what = "a set, which has no order" if isinstance(value, AbstractSet) else _shape_or_len(value)
    raise LocatedError(EvaluationFailed, node.span, message=f"cannot unpack {what} into {k} targets")


def _shape_or_len(value: Any) -> str:
    if isinstance(value, (tuple, list)):
        return f"{len(value)} values"
    return _shape(value) if _ndim(value) else _what(value)


def _element_target(node: M.Idx, ctx: Context) -> tuple[Locate, Put]:
    """``x_i \\gets v``: an element of the array ``x``, or of the sequence ``x`` when no array is there.

    An index outside the array is an error. A name that holds no array yet becomes a
    :class:`Sequence` keyed by the written indices (``x_0``, then ``x_{k+1}`` in a loop); a
    map (``d_v`` of a dict bound from Python) gets a new entry.
    """
    flat, base = identifier(node), identifier(node.base)
    if base is None and flat is None:
        raise LocatedError(NotExecutable, node.span, message=f"{ctx.written(node)} cannot be assigned to")
    if flat is not None and (labelled(node, ctx.declared.__contains__) or flat in ctx.labels):
        base = None  # x_{\mathrm{new}} \gets …, p_1 \gets … beside p \gets …: a variable, not an entry
    indices = [_position(i, ctx) for i in index_items(node.indices)] if base is not None else []

    def locate(env: Env) -> list[Any] | None:
        if flat is not None and (flat in env or base is None):
            return None  # a name of its own: L_i assigned in the loop, B_1 given as input
        if flat is not None and callable(env.get(base)):
            return None  # f_a \gets f(a) with f a function: the value f_a, not an entry of f
        where = [i(env) for i in indices]
        if flat is not None and any(np.ndim(w) > 0 and not isinstance(w, IndexSpan) for w in where):
            return None  # \mu_x \gets …, S_{xx} \gets … of an array x: a statistic of x, never positions
        return where

    def put(env: Env, where: list[Any] | None, value: Any) -> list[str]:
        if where is None:
            env[flat] = value
            return [flat]
        return _store_at(env, base, where, value, node, ctx, keyed=False)

    return locate, put


def _index_target(node: M.Index, ctx: Context) -> tuple[Locate, Put]:
    """``A[i] \\gets v``, ``\\pi[v] \\gets u``, ``d[v] \\gets \\infty``: stored as a subscript target is.

    A name bound to nothing becomes a sequence keyed by whatever the index is (a vertex, a pair).
    """
    base = identifier(node.base)
    if base is None or not isinstance(node.base, M.Sym):
        raise LocatedError(
            NotExecutable, node.span, message=f"{ctx.written(node)} cannot be assigned to: store into a name"
        )
    items = index_items(node.args)
    for a in items:
        if isinstance(a, M.Placeholder) and a.symbol != ":":
            raise LocatedError(NotExecutable, a.span, message=f"{ctx.written(a)} is not an index")
    args = [_position(a, ctx, brackets=True) for a in items]

    def locate(env: Env) -> list[Any]:
        return [a(env) for a in args]

    def put(env: Env, where: list[Any], value: Any) -> list[str]:
        return _store_at(env, base, where, value, node, ctx, keyed=True)

    return locate, put


def _store_at(
    env: Env, base: str, where: list[Any], value: Any, node: M.MathNode, ctx: Context, *, keyed: bool
) -> list[str]:
    """Store ``value`` into ``env[base]`` at the indices ``where`` (a new container: the trace keeps the old)."""
    container = env.get(base)
    first = _first(container, ctx)
    if container is None or isinstance(container, Mapping):
        if keyed or (isinstance(container, Mapping) and not isinstance(container, Sequence)):
            key = _key(where, node, ctx)
        else:
            written = [_as_index(i, node, ctx) for i in where]
            key = written[0] if len(written) == 1 else tuple(written)
        new = Sequence(container or {}) if container is None or isinstance(container, Sequence) else dict(container)
        new[key] = value
        env[base] = new
        return [base]
    if any(isinstance(i, IndexSpan) for i in where):
        return _store_slice(env, base, container, where, value, node, ctx)
    written = [_as_index(i, node, ctx) for i in where]
    if not isinstance(container, (list, tuple, np.ndarray)):
        raise LocatedError(EvaluationFailed, node.span, message=f"{base} holds {_what(container)}, not an array")
    idx = [w - first for w in written]
    sizes = [len(container)] if isinstance(container, (list, tuple)) else list(np.shape(container))
    if len(idx) > len(sizes):
        raise LocatedError(
            EvaluationFailed, node.span, message=f"{ctx.written(node)} indexes a {_shape(container)} value"
        )
    for p, size in zip(idx, sizes):
        if not 0 <= p < size:
            raise _out_of_range(p + first, first, size, node, ctx)
    if isinstance(container, np.ndarray):
        # a fresh array per store: the trace keeps every earlier value as it was
        try:
            # an exact number (a Fraction, a Surd) is stored as itself: NumPy has no type for it
            exact = container.dtype == object or type(value) in EXACT_TYPES
            # subok: a sequence read whole (Written) keeps the index its entries were written at
            container = np.array(container, dtype=object if exact else np.result_type(container, value), subok=True)
            container[tuple(idx)] = value
        except (TypeError, ValueError) as exc:
            raise LocatedError(
                EvaluationFailed, node.span, message=f"{ctx.written(node)}: cannot store {_what(value)}: {exc}"
            ) from exc
    else:
        container = list(container)
        container[idx[0]] = value
    env[base] = container
    return [base]


def _store_slice(
    env: Env, base: str, container: Any, where: list[Any], value: Any, node: M.MathNode, ctx: Context
) -> list[str]:
    """``U_{k, k:n} \\gets v``: the positions of a range take ``v`` (an array of their shape, or one number)."""
    if not isinstance(container, np.ndarray) or container.ndim < len(where):
        raise LocatedError(
            EvaluationFailed, node.span, message=f"{ctx.written(node)} slices a {_shape(container)} value"
        )
    key = _slice_key(container, where, node, ctx)
    try:
        new = np.array(container, dtype=np.result_type(container, np.asarray(value)), subok=True)
        new[key] = value
    except (TypeError, ValueError) as exc:
        raise LocatedError(
            EvaluationFailed, node.span, message=f"{ctx.written(node)}: cannot store {_what(value)}: {exc}"
        ) from exc
    env[base] = new
    return [base]
