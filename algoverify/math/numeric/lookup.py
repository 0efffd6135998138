"""Compiling names and what indexes them: symbols, subscripts, ``[…]`` indexing and attributes.

A name is looked up in the environment (a free dimension inferred from array lengths, a word
such as ``\\text{true}`` a constant); ``x_i`` is 1-based indexing unless a name bound whole
wins; basis vectors and identities of a size; ``.f`` attributes and Python's ``math`` module.
Also :func:`_binary`, the broadcast of a binary operator with its shape-mismatch message.
"""

from __future__ import annotations

import dataclasses
import math
import operator
from collections.abc import Mapping
from collections.abc import Set as AbstractSet
from fractions import Fraction
from typing import Any, Callable

import numpy as np

from ...findings import EvaluationFailed, LocatedError, NotExecutable, ShapeMismatch, UnboundName
from ...source import Span
from .. import mathexpr as M
from ..bigops import keyed, whole
from ..functions import PYTHON_MATH
from ..latex import bar_hint
from ..names import identifier, labelled, starred_member
from ..ops import FiniteSet, Sequence, element, holds_a_number, members, product, shown_number, transpose
from ..sizeless import Basis, Identity, Ones
from ..slices import IndexSpan, index_items, slice_of
from .core import (
    Closure,
    Context,
    Env,
    _is_shape_error,
    _mismatch,
    _ndim,
    _shape,
    compile_expr,
    compile_operand,
    operand_error,
)
from .values import _NUMBER_SETS, NumberSet

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
        inverse = _pseudo_inverse(node, env)
        if inverse is not None:
            return inverse
        # the name as data too: what the note says of it (only in words?) is looked up by it, not by the message
        raise LocatedError(UnboundName, node.span, {"name": ctx.written(node)}, name=ctx.written(node), hint="")

    if name == "pi":
        return _circle_constant(read)
    return read


def _circle_constant(read: Closure) -> Closure:
    """``\\pi`` read as a value where π names a function: ``(2 \\pi \\sigma^2)^{-d/2}`` beside a density π(x).

    A call of the function goes by its name, never through this read; the value a reader means is 3.14159….
    """

    def value(env: Env) -> Any:
        found = read(env)
        return math.pi if callable(found) else found

    return value


def _pseudo_inverse(node: M.MathNode, env: Env) -> Any:
    """``A^{+}`` where nothing names ``A^{+}`` and ``A`` is a matrix: its Moore–Penrose pseudo-inverse."""
    if not (isinstance(node, M.Sym) and node.accents and node.accents[-1] == "plus"):
        return None
    base = identifier(M.Sym(node.name, node.font, node.accents[:-1], span=node.span))
    matrix = env.get(base or "")
    if isinstance(matrix, np.ndarray) and matrix.ndim == 2 and matrix.dtype.kind in "fiu":
        return np.linalg.pinv(matrix)
    return None


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
        if node.font in ("", "bf", "rm", "sc") and word in _WORDS:
            return _constant(_WORDS[word], name)
        if node.font == "sc":
            # CLRS's \textsc{white}, \textsc{gray}: a constant, equal only to itself, unless the note says what it is
            return _constant(node.name.upper(), name)
        if node.font in ("", "bf", "rm") and node.name == "I":
            return _constant(Identity(), name)  # Q^T Q = I: the identity of the size beside it
        if M.bold_digit(node):
            return _constant(Ones(int(node.name)), name)  # \mathbf{1}: all ones, of the size beside it
        if node.font == "" and node.name == "pi" and not ctx.exact:
            return _constant(math.pi, name)
        if node.font in ("", "rm") and node.name == "e" and not ctx.exact:
            return _constant(math.e, name)  # \log_{10} e, Aki's constant: Euler's number
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
    """``fn(left, right)`` as a closure; guarded, a shape mismatch names both operands' shapes.

    A written pair ``(p, r)`` of two vectors is an operand as their inner product (:func:`compile_operand`).
    """
    a, b = compile_operand(left, ctx), compile_operand(right, ctx)
    if not ctx.guard:
        return lambda env: fn(a(env), b(env))

    def binary(env: Env) -> Any:
        x, y = a(env), b(env)
        try:
            return fn(x, y)
        except (TypeError, ValueError) as exc:
            # a pair divided by a pair (Python's TypeError, or NumPy's ValueError for a pair of two
            # lengths): said in the notation's words, not Python's
            error = operand_error(node, (left, x), (right, y), ctx)
            if error is not None:
                raise error from exc
            if isinstance(exc, TypeError) or not _is_shape_error(exc):
                raise
            raise _mismatch(node, (left, x), (right, y), ctx, matmul=fn is product) from exc

    return binary


def _idx(node: M.Idx, ctx: Context) -> Closure:
    flat = identifier(node)
    plain = starred_member(node)
    starred = identifier(node.base)
    if plain is None or starred in ctx.declared or flat in ctx.declared:
        return _entry(node, flat, ctx)
    # q_i^{*} beside vectors q_i the run assigns and no name q^{*}: (q_i)^*, Trefethen–Bau's r_ij = q_i^* v_j;
    # which it is, only the run knows (q is assigned, q^{*} is not)
    own, member = _entry(node, flat, ctx), _entry(plain, identifier(plain), ctx)
    base = identifier(plain.base)

    def read(env: Env) -> Any:
        if starred in env or flat in env or base not in env:
            return own(env)
        return np.conj(transpose(member(env)))

    return read


def _entry(node: M.Idx, flat: str | None, ctx: Context) -> Closure:
    if _identity_of_size(node, ctx):
        return _eye(node, flat, ctx)
    if M.zero_literal(node.base) and len(node.indices) == 1:
        return _sized_zero(node, ctx)  # 0_{n \times n}, \mathbf{0}_n: the zero of that shape
    if basis_vector(node, ctx):
        return _basis(node, flat, ctx)
    if flat is not None and labelled(node, ctx.declared.__contains__):  # x_{\mathrm{new}}: a name, never an index
        return _lookup(flat, node, ctx)
    if flat is not None and flat in ctx.views:  # Lanczos's Q_m = [q_1, \dots, q_m]: the matrix the note names
        return _lookup(flat, node, ctx)
    left_out = next((i for i in node.indices if isinstance(i, M.Neg) and not isinstance(i.operand, M.Num)), None)
    if left_out is not None and (flat is None or flat not in ctx.declared):
        # X_{-j}, x_{-i}: the statistician's "without column j", "leaving out i", never the index -j
        raise LocatedError(
            NotExecutable,
            node.span,
            message=f"{ctx.written(node)} is no entry: a subscript {ctx.written(left_out)} reads as "
            f"{ctx.written(node.base)} without {ctx.written(left_out.operand)}, which a listing cannot yet "
            "compute; give that value a name (a function of the note's module)",
        )
    base_name = identifier(node.base)
    base = compile_expr(node.base, ctx) if base_name is None else None
    indices = [_position(i, ctx) for i in index_items(node.indices)]
    literal = all(isinstance(i, M.Num) for i in node.indices)
    (only,) = node.indices if len(node.indices) == 1 else (None,)
    # D_{12} of a matrix: the entry (1, 2), as a_{12} is, never entry 12 of a 2-D value
    pair = (
        [int(c) for c in only.text] if isinstance(only, M.Num) and len(only.text) == 2 and only.text.isdigit() else None
    )
    items = index_items(node.indices)
    # x_{0,i} beside the vector x_0: its entry i, as (x_0)_i, unless x itself has an entry (0, i)
    head = identifier(M.Idx(node.base, (items[0],), span=node.span)) if len(items) >= 2 and base is None else None

    def read(env: Env) -> Any:
        if flat is not None and flat in env:
            return env[flat]  # a name of its own: L_i assigned in the loop, B_1 given as input
        if head is not None and head in env and (base_name not in env or _ndim(env[base_name]) < len(items)):
            return _index(env[head], [i(env) for i in indices[1:]], node, ctx)
        if base is not None:
            container = base(env)
        elif base_name in env:
            container = env[base_name]
        elif literal or flat is None:
            raise LocatedError(UnboundName, node.span, name=ctx.written(node), hint="")
        else:
            hint = bar_hint(ctx.written(node)) or f" (nor is {ctx.written(node.base)} to index)"
            raise LocatedError(UnboundName, node.span, name=ctx.written(node), hint=hint)
        if base_name is not None and holds_a_number(container) and members(base_name) in env:
            container = env[members(base_name)]  # k_j of the members stored beside the number k
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


def _bases(container: Any, ctx: Context, count: int) -> list[int]:
    """The first index on each of ``count`` axes: θ_{1,i} of vectors θ_0, θ_1, … counts t from 0, i from the base."""
    first, axes = _first(container, ctx), getattr(container, "axes", None)
    return [first if axes is None or k < axes else ctx.index_base for k in range(count)]


def _sliced(container: Any, idx: list[Any], node: M.MathNode, ctx: Context) -> Any:
    """``container`` at positions and ranges of them (:class:`IndexSpan`): a copy, as every read is."""
    if not isinstance(container, np.ndarray) or container.ndim < len(idx):
        raise LocatedError(
            EvaluationFailed, node.span, message=f"{ctx.written(node)} slices a {_shape(container)} value"
        )
    return np.array(container[_slice_key(container, idx, node, ctx)])  # a copy, counted from the index base


def _slice_key(container: np.ndarray, idx: list[Any], node: M.MathNode, ctx: Context) -> tuple[Any, ...]:
    key: list[Any] = []
    for i, size, first in zip(idx, container.shape, _bases(container, ctx, len(idx))):
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
    r"""``letter`` subscripted once where neither it nor any member of it is a name of the listing.

    A listing that stores members of its own ``I`` (Hogenauer's integrator states: ``I_s \gets 0``
    for each ``s``, then ``I_1 \gets I_1 + x_n``) reads ``I_N`` as its last state: the identity
    there silently gave a matrix where the author meant a number.
    """
    base = node.base
    return (
        isinstance(base, M.Sym)
        and base.name == letter
        and not base.accents
        and base.font in ("", "bf", "rm")
        and len(node.indices) == 1
        and letter not in ctx.declared
        and letter not in ctx.sequences
        and identifier(node) not in ctx.declared
        and not any(n.startswith(f"{letter}_") for n in ctx.declared)
    )


def _identity_of_size(node: M.Idx, ctx: Context) -> bool:
    """``I_n`` (or ``I_{3}``) where nothing binds ``I``: the ``n × n`` identity."""
    return _unbound_letter(node, "I", ctx)


def basis_vector(node: M.Idx, ctx: Context) -> bool:
    r"""``e_1``, ``e_k`` where nothing binds ``e``: a standard basis vector.

    Not where the listing stores entries of its own ``e`` (``e_0 \gets 1``, ``e_k \gets …``: the
    elementary symmetric polynomials of Newton's identities): ``e_{k-i}`` reads them.
    """
    return _unbound_letter(node, "e", ctx)


def _basis(node: M.Idx, flat: str | None, ctx: Context) -> Closure:
    position = compile_expr(node.indices[0], ctx)

    def basis(env: Env) -> Any:
        if flat is not None and flat in env:
            return env[flat]
        return Basis(_as_index(position(env), node, ctx) - ctx.index_base)

    return basis


def _sized_zero(node: M.Idx, ctx: Context) -> Closure:
    """``0_{m \\times n}`` (the ``m × n`` zero matrix), ``0_n`` or ``\\mathbf{0}_n`` (the zero vector of ``n``)."""
    index = node.indices[0]
    sides = [index.left, index.right] if isinstance(index, M.BinOp) and index.op == "times" else [index]
    sizes = [compile_expr(s, ctx) for s in sides]

    def zero(env: Env) -> Any:
        shape = []
        for s, side in zip(sizes, sides):
            n = s(env)
            if isinstance(n, float) and n.is_integer():
                n = int(n)
            if not isinstance(n, (int, np.integer)) or n < 0:
                raise LocatedError(EvaluationFailed, side.span, message=f"{ctx.written(node)}: {n!r} is not a size")
            shape.append(int(n))
        if ctx.exact:
            return np.zeros(shape, dtype=int).astype(object)
        return np.zeros(shape)

    return zero


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


def _sequence_key(i: Any, node: M.MathNode, ctx: Context) -> Any:
    """An index of a sequence: a whole number, or a half (LeVeque's interfaces i − 1/2) as the float it is."""
    if (
        isinstance(i, (float, np.floating))
        and math.isfinite(i)
        and (2 * float(i)).is_integer()
        and not float(i).is_integer()
    ):
        return float(i)
    if isinstance(i, Fraction) and i.denominator == 2:
        return float(i)
    return _as_index(i, node, ctx)


def _as_index(i: Any, node: M.MathNode, ctx: Context) -> int:
    if isinstance(i, (float, np.floating)) and float(i).is_integer():
        i = int(i)
    if not isinstance(i, (int, np.integer)) or isinstance(i, bool):
        raise LocatedError(
            EvaluationFailed, node.span, message=f"index {shown_number(i)} of {ctx.written(node)} is not an integer"
        )
    return int(i)


def _out_of_range(index: int, first: int, size: int, node: M.MathNode, ctx: Context) -> LocatedError:
    """An index outside an array, with the likely cause when it is one off at an end."""
    hint = ""
    if first == 1 and index == 0 and _offset_read(node):
        # σ_{i-1,j} at i = 1, Bareiss's a_{k-1,k-1} at k = 1: a read before the first entry, which a
        # 0-based reading would not mend (it fails at the other end); the prose's boundary is the cause
        hint = BOUNDARY_HINT
    elif first == 1 and index == 0:
        hint = " (listings count from 1: a 0-based listing says `index_base: 0` in its note's `algoverify:`)"
    elif first == 0 and index == size:
        # the note says so by `index_base: 0`, or by a family written from 0 (b_0, …, b_n): both count every array
        hint = " (this listing counts from 0, as the note's `index_base: 0` or a family written from 0 says)"
    message = f"index {index} is out of range {first}..{size - 1 + first} in {ctx.written(node)}{hint}"
    return LocatedError(EvaluationFailed, node.span, message=message)


def _boundary(p: int, size: int, axes: int, node: M.MathNode, ctx: Context) -> Any:
    """The value the prose gives just outside a vector (``u_{j-1}`` at j = 1 of ``u_0 = u_{n+1} = 0``), or ``None``."""
    if axes != 1 or not ctx.boundaries:
        return None
    name = identifier(node.base) if isinstance(node, (M.Idx, M.Index)) else None
    ends = ctx.boundaries.get(name or "")
    if ends is None:
        return None
    found = ends[0] if p == -1 else ends[1] if p == size else None
    # a periodic grid's u_0 = u_J, u_{J+1} = u_1: the member at the other end
    return {"the last member": _LAST, "the first member": _FIRST}.get(found, found) if isinstance(found, str) else found


_LAST, _FIRST = object(), object()


#: why a read one before an array's first entry failed: the note's boundary, which no run reads (could not check)
BOUNDARY_HINT = (
    " (a read one before the first entry: a boundary value the prose gives, such as a periodic wrap or "
    "a_{00} = 1, is not read; write it in the listing)"
)


def _offset_read(node: M.MathNode) -> bool:
    """Whether an index of ``node`` is a running index less a number (``i - 1``): a neighbour, read at an edge."""
    indices = node.indices if isinstance(node, M.Idx) else node.args if isinstance(node, M.Index) else ()
    return any(
        isinstance(i, M.BinOp) and i.op == "-" and isinstance(i.left, M.Sym) and isinstance(i.right, M.Num)
        for i in indices
    )


def _inside(key: Any, stored: Sequence) -> bool:
    """Whether ``key`` lies between the least and greatest indices stored, in every coordinate.

    L_{1,n} of a table filled for (1, 1) … (8, 8) but not (1, 8): a gap the listing left, not an
    index read from elsewhere.
    """
    keys = [k if isinstance(k, tuple) else (k,) for k in stored]
    probe = key if isinstance(key, tuple) else (key,)
    if not keys or any(len(k) != len(probe) or not all(type(c) is int for c in k) for k in keys):
        return False
    return all(min(k[d] for k in keys) <= probe[d] <= max(k[d] for k in keys) for d in range(len(probe)))


def _index(container: Any, idx: list[Any], node: M.MathNode, ctx: Context) -> Any:
    """``container`` at the written indices: ``ctx.index_base`` is the first position (arrays never wrap around)."""
    if isinstance(container, Mapping) and not isinstance(container, Sequence):
        return _lookup_key(container, idx, node, ctx)
    if isinstance(container, Ones):
        return container[_as_index(idx[0], node, ctx) - ctx.index_base] if idx else container.scale
    if any(isinstance(i, IndexSpan) for i in idx):
        return _sliced(container, idx, node, ctx)
    if isinstance(container, Sequence):  # F_{i-1/2}: a flux between cells is stored at a half index
        written = [_sequence_key(i, node, ctx) for i in idx]
    else:
        written = [_as_index(i, node, ctx) for i in idx]
    if isinstance(container, Sequence):
        key = written[0] if len(written) == 1 else tuple(written)
        if key not in container and key in container.given:
            return container.given[key]
        if key not in container:
            raise _never_set(node, key, container, ctx)
        return container[key]
    bases = _bases(container, ctx, len(written))
    positions = [w - b for w, b in zip(written, bases)]
    if isinstance(container, (list, tuple)):
        sizes = [len(container)]
    elif _ndim(container) >= len(positions):
        sizes = list(np.shape(container))
    else:
        raise LocatedError(
            EvaluationFailed, node.span, message=f"{ctx.written(node)} indexes a {_shape(container)} value"
        )
    for p, size, base in zip(positions, sizes, bases):
        if not 0 <= p < size:
            edge = _boundary(p, size, len(positions), node, ctx)
            if edge is not None:
                return container[-1 if edge is _LAST else 0] if edge is _LAST or edge is _FIRST else edge
            raise _out_of_range(p + base, base, size, node, ctx)
    if isinstance(container, (list, tuple)):
        out = container[positions[0]]
        return _index(out, written[1:], node, ctx) if len(positions) > 1 else _settle(out)
    found = container[tuple(positions)]
    if getattr(container, "axes", None) is not None and len(positions) >= container.axes:
        return np.asarray(found) if isinstance(found, np.ndarray) else found  # a member: its entries from the base
    return found


def _never_set(node: M.MathNode, key: Any, stored: Sequence, ctx: Context) -> LocatedError:
    """A sequence read at an index the listing never stored (a gap between two it stored, or past them)."""
    set_ = ", ".join(map(str, sorted(stored, key=str))) or "none"
    where = "a gap in what the listing stored, " if _inside(key, stored) else ""
    return LocatedError(
        EvaluationFailed, node.span, message=f"{ctx.written(node)} reads index {key}, {where}never set (set: {set_})"
    )


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
        if isinstance(container, Sequence) and key in container.given:
            return container.given[key]  # g_m(-1) = 0: what the note fixes before the first stored
        if isinstance(container, Sequence):  # "let π[1..m] be a new array", read where nothing was stored
            raise _never_set(node, key, container, ctx) from None
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
    attribute = identifier(node.base) if isinstance(node.base, M.Sym) and len(items) == 1 else None
    if attribute in SHAPE_ATTRIBUTES:
        return _bracket_attribute(node, attribute, base, compile_expr(items[0], ctx), args, ctx)

    def read(env: Env) -> Any:
        container = base(env)
        if isinstance(container, Sequence):
            return _lookup_key(container, [a(env) for a in args], node, ctx)
        return _index(container, [a(env) for a in args], node, ctx)

    return read


def _bracket_attribute(
    node: M.Index, name: str, base: Closure, obj: Closure, args: list[Closure], ctx: Context
) -> Closure:
    """``\\mathit{length}[A]``, ``rows[A]``: an array's attribute as CLRS's second edition writes it.

    Its third writes ``A.length``. A listing's own ``length`` (an array it stores into) is indexed as written.
    """

    def read(env: Env) -> Any:
        if name not in env:
            shape = _shape_attribute(obj(env), name)
            if shape is not None:
                return shape
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
        shape = _shape_attribute(value, name)
        if shape is not None:
            return shape
        key = whole(value) if not isinstance(value, bool) else None
        table = env.get(name) if key is not None else None
        if table is not None and not callable(table):
            return _index(table, [key], node, ctx)  # v.\pi of the table \pi a run kept (CLRS's third edition)
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
#: CLRS's attributes of an array (``A.length``, ``W.rows``): the axis of its shape each counts
SHAPE_ATTRIBUTES = {"length": 0, "rows": 0, "columns": 1, "cols": 1}


def _shape_attribute(value: Any, name: str) -> int | None:
    """``A.length``, ``W.rows``, ``W.columns`` of an array, list or string: its length along that axis."""
    axis = SHAPE_ATTRIBUTES.get(name)
    if axis is None or isinstance(value, Mapping):
        return None
    if isinstance(value, (list, tuple, str)) and axis == 0:
        return len(value)
    shape = getattr(value, "shape", None) if isinstance(value, np.ndarray) else None
    return int(shape[axis]) if shape is not None and len(shape) > axis else None


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
