r"""A listing's inputs on entry: sizes bound from shapes, then shapes, domains and preconditions checked.

What the declarations say is read by :mod:`.declarations` (without NumPy, so ``lint`` reads it
too); this module applies it to the values a run is given.
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
from collections.abc import Mapping
from typing import Any

import numpy as np

from ..findings import BadInput, LocatedError, PreconditionViolated
from ..math import mathexpr as M
from ..math.names import identifier
from ..math.numeric import Context, compile_expr
from ..source import Span
from .declarations import Declared, InputSpec

__all__ = ["check_conditions", "bind_sizes", "check_entry", "tested_on_entry"]


def bind_sizes(spec: InputSpec, env: dict[str, Any], span: Span, made: dict[str, str] | None = None) -> None:
    """Set every size the inputs carry (``n = len(x)``; ``len(a) - 1`` of ``a ∈ ℝ^{n+1}``); a disagreement is AV307.

    ``made``: how a size already in ``env`` was found, by size, when no one gave it ("a has 3 members,
    which make n = 4"): the message says so rather than "n = 4 was given".
    """
    for size, carriers in spec.sizes.items():
        seen: dict[str, tuple[int, int]] = {}  # what a reader counts → (the count, the size it implies)
        for name, axis in carriers:
            value = env.get(name)
            offset = spec.offsets.get((size, name, axis), 0)
            shape = np.shape(value) if value is not None and not isinstance(value, list) else None
            if shape is not None and len(shape) == 1 and axis == 1:
                axis = 0  # v = (v_1, \dots, v_{n-1}) read as columns, given as a vector: its entries
            # said as a reader counts: "x has length 3", "A has 2 columns" (not len(x), A.shape[1])
            if value is not None and isinstance(value, list) and axis == 0:
                seen[f"{name} has length {{}}"] = (len(value), len(value) - offset)
            elif shape is not None and axis < len(shape):
                what = ("rows", "columns")[axis] if len(shape) == 2 else f"entries along axis {axis + 1}"
                key = f"{name} has {{}} {what}" if len(shape) > 1 else f"{name} has length {{}}"
                seen[key] = (shape[axis], shape[axis] - offset)
        implied = {k: v[1] for k, v in seen.items()}
        if size in env:
            given = env[size]
            mismatch = [k.format(seen[k][0]) for k, v in implied.items() if v != given]
            if mismatch:
                said = (made or {}).get(size) or f"{size} = {given} was given"
                raise LocatedError(BadInput, span, message=f"{said}, but {', '.join(mismatch)}")
            continue
        if len(set(implied.values())) > 1:
            detail = ", ".join(k.format(count) for k, (count, _) in seen.items())
            raise LocatedError(BadInput, span, message=f"the inputs disagree on the size {size}: {detail}")
        if implied:
            env[size] = next(iter(implied.values()))


def tested_on_entry(spec: InputSpec) -> tuple[Declared, ...]:
    """The declarations :func:`check_entry` tests something of: a shape, a domain, a property, a constraint."""
    return tuple(
        d
        for d in spec.inputs
        if d.shape is not None
        or d.domain in ("natural", "integer")
        or d.noun in ("function", "mapping")
        or d.properties
        or d.constraints
    )


def check_entry(
    spec: InputSpec, env: dict[str, Any], index_base: int = 1, tested: tuple[Declared, ...] | None = None
) -> None:
    """Check each input's shape, domain and constraints on entry; the first violation is AV309 at its declaration.

    ``index_base``: where the listing's indices count from (``x_0 > 0`` of a listing from 0 reads x's first entry).
    ``tested``: :func:`tested_on_entry` of ``spec``, when the caller keeps it. The relations between
    inputs are :func:`check_conditions`'.
    """
    exact = _EXACT if index_base == _EXACT.index_base else _exact(index_base)
    for d in spec.inputs if tested is None else tested:
        if d.name not in env:
            continue
        value = env[d.name]
        if d.shape is not None and not isinstance(value, list):
            kind = type(value)
            # every trial's call passes here: an array's or a float's own ndim, not np.ndim's dispatch
            ndim = value.ndim if kind is np.ndarray else 0 if kind is float or kind is int else np.ndim(value)
            if ndim != len(d.shape):
                kind = {0: "a scalar", 1: "a vector", 2: "a matrix"}.get(len(d.shape), f"{len(d.shape)}-D")
                raise LocatedError(
                    PreconditionViolated,
                    d.span,
                    condition=d.latex or f"{d.name} is {kind}",
                    value=f"{d.name} is {_shape_words(value)}, not {kind}",
                )
        if d.domain in ("natural", "integer") and not _whole(value, d.domain == "natural"):
            raise LocatedError(
                PreconditionViolated,
                d.span,
                condition=d.latex or f"{d.name} ∈ {d.domain} numbers",
                value=f"{d.name} = {_short(value)}",
            )
        # "r : ℝⁿ → ℝᵐ" and "write r ∈ ℝᵐ for the residual": a letter for the map and for its value, which
        # the listing takes as a vector (its shape says so): the value is what is given
        mapped = d.noun == "function" and not callable(value) and d.shape is None
        if mapped or (d.noun == "mapping" and not _tabulates(value)):
            raise LocatedError(
                PreconditionViolated,
                d.span,
                condition=d.latex or f"{d.name} is a function",
                value=f"{d.name} = {_short(value)}",
            )
        for key, text, where in d.properties:
            if not _has_property(key, value):
                raise LocatedError(PreconditionViolated, where, condition=text, value=f"{d.name} = {_short(value)}")
        for c, text in d.constraints:
            if _violated(c, env, exact):
                raise LocatedError(
                    PreconditionViolated, c.span, condition=text, value=_values_read(c, env, first=d.name)
                )


def _values_read(
    condition: M.MathNode, env: dict[str, Any], compounds: frozenset[str] = frozenset(), first: str | None = None
) -> str:
    """``a = 3, b = 5`` of ``a \\ge b \\ge 0``: the values of the names a condition reads (``first``'s first).

    ``compounds``: the names read whole though written as operations (``A_inv`` of ``A^{-1}``). A
    function (``f`` of ``f(a)``) has no value to show.
    """
    read = (x for x in M.walk(condition) if isinstance(x, (M.Sym, M.Idx)) or identifier(x) in compounds)
    names = sorted({n for n in (identifier(x) for x in read) if n in env} - {first})
    shown = [first, *names] if first is not None and first in env else names
    return ", ".join(f"{n} = {_short(env[n])}" for n in shown if not callable(env[n]))


def _tabulates(value: Any) -> bool:
    """A function of a finite set given as a function, an array or a map (CLRS stores its weights as a matrix)."""
    return callable(value) or isinstance(value, (np.ndarray, Mapping, list, tuple))


def check_conditions(
    spec: InputSpec, env: dict[str, Any], index_base: int = 1, compounds: frozenset[str] = frozenset()
) -> None:
    """The relations between inputs (``a d - b c \\ne 0``, ``a_0 = 1``), over the values as the listing reads them.

    After a family written from 0 in a listing from 1 is numbered as written: ``a_0`` is its first member.
    ``compounds``: the names the listing's body reads as names (``A_inv`` of ``A^{-1}``), read so here too.
    """
    exact = _exact(index_base, compounds)
    for c, text in spec.conditions:
        if _violated(c, env, exact):
            raise LocatedError(PreconditionViolated, c.span, condition=text, value=_values_read(c, env, compounds))


def _has_property(key: str, value: Any) -> bool:
    """Whether ``value`` has what the prose said of it; a value the property does not apply to is let through."""
    try:
        a = np.asarray(value, dtype=float)
    except (TypeError, ValueError):
        return True  # not numbers: the property is for the reader (a graph, a set)
    square = a.ndim == 2 and a.shape[0] == a.shape[1]
    if key == "symmetric" and square and _exactly_symmetric(a):
        return True  # what a symmetric input is, on every call: no pass over it for NaN (NaN ≠ NaN fails this)
    if not np.all(np.isfinite(a)):
        return True
    if key == "symmetric":
        return not square or _symmetric(a)
    tol = _tolerance(a)
    if key in ("positive definite", "positive semidefinite"):
        if not square:
            return a.ndim != 2
        if not _symmetric(a):
            return False
        least = float(np.min(np.linalg.eigvalsh((a + a.T) / 2))) if a.size else 0.0
        return least > tol if key == "positive definite" else least >= -tol
    if key in ("invertible", "independent columns", "independent rows", "full rank"):
        if a.ndim != 2:
            return True
        rank = int(np.linalg.matrix_rank(a)) if a.size else 0
        want = {
            "invertible": a.shape[0] if square else -1,
            "independent columns": a.shape[1],
            "independent rows": a.shape[0],
            "full rank": min(a.shape),
        }[key]
        return rank == want
    if key == "no three collinear":  # points as rows (or a list of 2-vectors): every triple spans a triangle
        points = a.reshape(-1, 2) if a.ndim >= 2 and a.shape[-1] == 2 else None
        return points is None or _general_position(points)
    if key == "leading minors":  # elimination without pivoting meets no zero pivot
        if not square:
            return a.ndim != 2
        return all(int(np.linalg.matrix_rank(a[:k, :k])) == k for k in range(1, a.shape[0] + 1))
    if key in ("upper triangular", "lower triangular"):
        if a.ndim != 2:
            return True
        off = np.tril(a, -1) if key == "upper triangular" else np.triu(a, 1)
        return bool(np.all(off == 0))
    if key == "orthogonal":
        return a.ndim != 2 or bool(np.allclose(a.T @ a, np.eye(a.shape[1]), atol=1e-8))
    if key == "nonzero":
        return bool(np.any(a != 0))
    if key == "not constant":  # "we assume the x_i are not all equal"
        return a.size == 0 or bool(np.any(a != a.flat[0]))
    if key == "nonzero diagonal":  # "non-zero diagonal entries": a triangular solve's pivots
        return a.ndim != 2 or bool(np.all(np.diagonal(a) != 0))
    if key == "nonzero each":  # "instances x_1, …, x_T, stored as the rows of X, each non-zero"
        return bool(np.all(np.any(a != 0, axis=1))) if a.ndim == 2 else bool(np.all(a != 0))
    if key == "sorted":
        return a.ndim != 1 or bool(np.all(np.diff(a) >= 0))
    if key == "sorted down":
        return a.ndim != 1 or bool(np.all(np.diff(a) <= 0))
    if key == "distinct":
        return a.ndim != 1 or len(np.unique(a)) == len(a)
    if key == "non-negative":
        return bool(np.all(a >= 0))
    if key in ("positive", "positive value"):
        return bool(np.all(a > 0))
    if key == "whole":
        return bool(np.all(a == np.round(a)))
    if key.startswith("multiple of "):
        k = int(key.rpartition(" ")[2])
        return bool(np.all(a == np.round(a)) and np.all(np.mod(a, k) == 0))
    if key in ("even", "odd"):
        whole = np.all(a == np.round(a))
        return bool(whole and np.all(np.mod(a, 2) == (0 if key == "even" else 1)))
    return True


def _general_position(points: np.ndarray) -> bool:
    """Whether no three of the plane's ``points`` lie on one line (the triangle each triple spans has an area)."""
    n = len(points)
    if n < 3:
        return True
    i, j, k = (np.array(t) for t in zip(*itertools.combinations(range(n), 3)))
    u, v = points[j] - points[i], points[k] - points[i]
    cross = u[:, 0] * v[:, 1] - u[:, 1] * v[:, 0]
    scale = max(1.0, float(np.max(np.abs(points)))) ** 2  # an area, as the points' squared size measures it
    return bool(np.all(np.abs(cross) > 1e-12 * scale))


def _tolerance(a: np.ndarray) -> float:
    """How far from exact a property of the finite ``a`` may be: 1e-10 of its largest entry (at least of 1)."""
    return 1e-10 * max(1.0, float(np.max(np.abs(a)))) if a.size else 0.0


def _symmetric(a: np.ndarray) -> bool:
    """Whether a finite square ``a`` equals its transpose within :func:`_tolerance` (``np.allclose``, ``rtol=0``).

    Tested on every call of a listing that requires a symmetric matrix: exact equality first (what
    a matrix built symmetric has), and the tolerance only when it fails. ``allclose`` took more than
    a power iteration's sixty products at n = 256.
    """
    t = a.T
    return _exactly_symmetric(a) or float(np.max(np.abs(a - t))) <= _tolerance(a)


#: Rows of one strip of :func:`_exactly_symmetric`: a strip and its transposed partner stay in cache.
_STRIP = 64


def _exactly_symmetric(a: np.ndarray) -> bool:
    """``(a == a.T).all()``, in strips above the diagonal: half the comparisons, read in cache-sized pieces.

    Reading ``a.T`` whole walks memory a column at a time; at n = 256 (a row of 2 KiB, which the
    cache maps to the same few sets) the plain test took 155 µs, more than a power iteration's
    products do in twenty passes. Strip ``i`` compares rows ``i … i + 63`` right of the diagonal with
    the same columns below it: 112 µs, and half of that past n = 512.
    """
    n = a.shape[0]
    if n <= 2 * _STRIP or a.ndim != 2 or a.shape[1] != n:
        return bool((a == a.T).all())
    for i in range(0, n, _STRIP):
        if not (a[i : i + _STRIP, i:] == a[i:, i : i + _STRIP].T).all():
            return False
    return True


def _violated(condition: M.MathNode, env: dict[str, Any], exact: Context) -> bool:
    """Whether ``condition`` is false over ``env``, up to rounding (:data:`_EXACT`)."""
    try:
        return not bool(np.all(_compiled(condition, exact)(dict(env))))
    except LocatedError:
        return False  # a constraint on names not known yet (a size given later) is not checked
    except Exception:  # noqa: BLE001 - a constraint that does not evaluate is not a violation
        return False


#: A precondition's equalities (and ≤, ≥) hold up to rounding: Oja's \(\lVert w \rVert = 1\) of a unit
#: vector a generator normalised is 0.9999999999999999, and exact tests rejected half the draws and
#: every hand-made unit vector. Twelve digits are far tighter than any tolerance a check declares;
#: strict < and > stay exact, as they are everywhere.
_EXACT = Context(rtol=1e-12, atol=1e-12, guard=True)


def _compiled(condition: M.MathNode, ctx: Context) -> Any:
    """``condition`` compiled in ``ctx``, once: a precondition is tested on every call of its listing.

    The closure is kept in the node's ``__dict__`` (not a field: equality and dumps are unchanged),
    as :func:`~algoverify.math.mathtree.children` keeps a node's children.
    """
    held = condition.__dict__.get("_precondition")
    if held is not None and held[0] is ctx:
        return held[1]
    fn = compile_expr(condition, ctx)
    condition.__dict__["_precondition"] = (ctx, fn)
    return fn


@functools.lru_cache(maxsize=64)
def _exact(index_base: int, compounds: frozenset[str] = frozenset()) -> Context:
    """How a precondition is evaluated: exactly, with the listing's index base and its names written as operations."""
    if index_base == _EXACT.index_base and not compounds:
        return _EXACT
    return dataclasses.replace(_EXACT, index_base=index_base, declared=set(compounds))


def _whole(value: Any, non_negative: bool) -> bool:
    array = np.asarray(value, dtype=float) if not isinstance(value, (int, np.integer)) else np.asarray(value)
    ok = bool(np.all(np.mod(array, 1) == 0))
    return ok and (not non_negative or bool(np.all(array >= 0)))


def _shape_words(value: Any) -> str:
    """``a scalar``, ``a vector of length 3``, ``a 3×2 matrix``, ``a 2×2×2 array``."""
    shape = np.shape(value)
    if len(shape) < 2:
        return "a scalar" if not shape else f"a vector of length {shape[0]}"
    return f"a {'×'.join(map(str, shape))} {'matrix' if len(shape) == 2 else 'array'}"


def _short(value: Any) -> str:
    text = repr(value.tolist() if isinstance(value, np.ndarray) else value)
    return text if len(text) <= 60 else text[:57] + "…"
