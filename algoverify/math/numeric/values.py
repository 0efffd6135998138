"""The values compiled math makes that are neither NumPy's nor Python's, and value helpers the compilers share.

:class:`RealInterval` (``[a, b)`` and its kin) and :class:`NumberSet` (``\\mathbb{R}`` and its
kin) answer membership only; :func:`_array_of` makes a list literal's array, :func:`_what` names a
value's kind for a message. Nothing here compiles: every compiler module may import it.
"""

from __future__ import annotations

import math
from typing import Any, Iterator

import numpy as np

from ...findings import LocatedError, NotExecutable, ShapeMismatch
from ...source import Span
from .. import mathexpr as M
from ..algebraic import EXACT_TYPES
from ..bigops import whole
from .core import Context, _shape


def _what(value: Any) -> str:
    if isinstance(value, np.ndarray):
        return f"a {_shape(value)} array"
    return "NIL" if value is None else f"a {type(value).__name__} ({value!r})"


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
