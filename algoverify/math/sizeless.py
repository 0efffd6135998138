r"""Values without a size of their own, which take the shape of what they meet.

``I`` (the identity beside a matrix), ``\mathbf{1}`` (the all-ones vector a product needs),
``e_k``, ``\mathbf{1} d^{\top}`` and the zero that starts an iterate (``x_0 \gets 0`` before
``A x_k``): pseudocode writes them without a size, and a reader takes it from the neighbour.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import numpy as np

__all__ = [
    "ZERO",
    "Basis",
    "Identity",
    "Ones",
    "OnesOuter",
    "Zero",
    "materialise",
    "ones_outer",
    "settle",
    "sized_output",
    "sized_outputs",
    "SIZED",
]


class _Sizeless:
    """A value that takes its shape from what it meets: ``like(other)`` in a sum, ``_product`` in a product."""

    __array_ufunc__ = None  # NumPy defers to the reflected operation: A + I is I.__radd__(A)

    def like(self, other: Any) -> Any:
        """The value of the shape ``other`` needs."""
        raise NotImplementedError

    def _product(self, other: Any, left: bool) -> Any:
        raise NotImplementedError

    def __mul__(self, other: Any) -> Any:
        return self._product(other, True)

    def __rmul__(self, other: Any) -> Any:
        return self._product(other, False)

    __matmul__, __rmatmul__ = __mul__, __rmul__

    def __add__(self, other: Any) -> Any:
        return self.like(other) + other

    def __radd__(self, other: Any) -> Any:
        return other + self.like(other)

    def __sub__(self, other: Any) -> Any:
        return self.like(other) - other

    def __rsub__(self, other: Any) -> Any:
        return other - self.like(other)


class Identity(_Sizeless):
    r"""``I`` where nothing binds it: the identity matrix of the size its neighbour needs (``Q^{\top} Q = I``).

    A multiple of it stays one (``A - \lambda I``) until it meets a matrix: beside an ``n × n``
    matrix it is ``scale`` times the ``n × n`` identity, beside a number it is ``scale``.
    """

    def __init__(self, scale: Any = 1) -> None:
        self.scale = scale

    def like(self, other: Any) -> Any:
        """The identity (times ``scale``) of the shape ``other`` needs."""
        if type(other) is Identity:
            return self.scale
        shape = np.shape(other)
        if len(shape) == 0:
            return self.scale
        if len(shape) == 2 and shape[0] == shape[1]:
            if getattr(other, "dtype", None) is np.dtype(object):  # exact entries: the identity's 0 and 1 exact too
                return self.scale * np.eye(shape[0], dtype=int).astype(object)
            return self.scale * np.eye(shape[0])
        raise ValueError(f"the identity I beside a value of shape {shape}: no square size for it")

    def _product(self, other: Any, left: bool) -> Any:
        if type(other) is Identity:
            return Identity(self.scale * other.scale)
        if np.ndim(other) == 0:
            return Identity(self.scale * other)
        return self.scale * other  # I A = A I = A

    def __neg__(self) -> Identity:
        return Identity(-self.scale)

    def __truediv__(self, other: Any) -> Any:
        return Identity(self.scale / other) if np.ndim(other) == 0 else self.like(other) / other

    def __repr__(self) -> str:
        return "I" if self.scale == 1 else f"{self.scale!r} I"


class Zero(int):
    r"""``0`` that starts a value without a size (``x_0 \gets 0`` before ``A x_k``): the zero the context needs.

    A reader of ``w_0 \gets 0`` then ``a_k^{\top} w_{k-1}`` takes the zero vector, whatever its
    length: in a sum it is the other operand (``b - A x_0`` is ``b``), in a product it stays this
    zero (``A x_0``, ``a^{\top} w_0``: NumPy's scalar 0 would make a zero matrix of the first and a
    row of the second). Anywhere else (a function, a comparison, an entry, ``&``) it is the integer 0.
    """

    __slots__ = ()

    def __new__(cls) -> Zero:
        """The one loose zero, an ``int`` 0 (``&``, ``\\lfloor \\rfloor``, a set take it as the integer)."""
        return super().__new__(cls, 0)

    def __array_ufunc__(self, ufunc: Any, method: str, *inputs: Any, **kwargs: Any) -> Any:
        if method == "__call__" and not kwargs and len(inputs) == 2:
            a, b = inputs
            if ufunc in (np.multiply, np.matmul):
                return _zero_product(a, b)
            if ufunc is np.add:
                return _plus_zero(b if type(a) is Zero else a)
            if ufunc is np.subtract:
                return _plus_zero(a) if type(b) is Zero else -b
        if method == "__call__" and ufunc is np.negative and not kwargs:
            return ZERO
        return getattr(ufunc, method)(*(0 if type(x) is Zero else x for x in inputs), **kwargs)

    def __array__(self, dtype: Any = None, copy: Any = None) -> Any:
        return np.asarray(0, dtype=dtype)

    def __add__(self, other: Any) -> Any:
        return _plus_zero(other)

    __radd__ = __add__

    def __sub__(self, other: Any) -> Any:
        return ZERO if type(other) is Zero else -other

    def __rsub__(self, other: Any) -> Any:
        return _plus_zero(other)

    def __mul__(self, other: Any) -> Any:
        return _zero_product(self, other)

    def __rmul__(self, other: Any) -> Any:
        return _zero_product(other, self)

    __matmul__, __rmatmul__ = __mul__, __rmul__

    def __truediv__(self, other: Any) -> Any:
        return 0 / other

    def __rtruediv__(self, other: Any) -> Any:
        return other / 0

    def __neg__(self) -> Zero:
        return ZERO

    __pos__ = __neg__

    def __abs__(self) -> int:
        return 0

    def __pow__(self, other: Any) -> Any:
        return 0**other

    def __getitem__(self, key: Any) -> int:
        return 0  # an entry of the zero vector

    @property
    def T(self) -> Zero:  # noqa: N802 - as NumPy names it
        """The zero transposed: itself."""
        return ZERO

    def __repr__(self) -> str:
        return "0"


ZERO = Zero()


def _zero_product(a: Any, b: Any) -> Any:
    """``a b`` where one side is :data:`ZERO`: beside a matrix, the zero vector its size says.

    ``A 0`` has as many entries as A has rows, ``0^{\\top} A`` as many as it has columns; beside a vector
    the product is the loose zero still (``a^{\\top} 0`` is the number 0 when the zero is a vector, a zero
    row when it is a number: what meets it next decides); beside a number it is the number 0.
    """
    matrix, zero_first = (b, True) if type(a) is Zero else (a, False)
    if type(matrix) is Zero:
        return 0
    if np.ndim(matrix) == 0 and not isinstance(matrix, (Identity, Ones, OnesOuter)):
        return 0 * matrix  # beside a number it is the number 0: the integers of a count stay integers
    if np.ndim(matrix) == 2:
        size = np.shape(matrix)[1 if zero_first else 0]
        exact = getattr(matrix, "dtype", None) == np.dtype(object)
        return np.full(size, Fraction(0), dtype=object) if exact else np.zeros(size)
    return ZERO


def _plus_zero(other: Any) -> Any:
    """``other + 0``: ``other`` itself, a new array when it is one (the sum is a value of its own)."""
    if type(other) is Zero:
        return ZERO
    return other + 0 if isinstance(other, np.ndarray) else other


class Ones:
    r"""``\mathbf{1}`` (``\mathbb{1}``): the all-ones vector of the size its neighbour needs, times ``scale``.

    Beside a number or entry by entry it is ``scale`` (``v + \mathbf{1}``, ``\mathbf{1}_i``); in a
    product it has the length the other factor needs (``P^{\top} \mathbf{1}``, ``\mathbf{1}^{\top} v``);
    stored in a variable of a listing with one size, it is that many ones (:func:`materialise`).
    """

    __array_ufunc__ = None  # NumPy defers to the reflected operation: P @ 1 is Ones.__rmatmul__(P)

    def __init__(self, scale: Any = 1) -> None:
        self.scale = scale

    def of(self, n: int) -> Any:
        """``scale`` times the ``n`` ones."""
        return self.scale * np.ones(int(n))

    def _times(self, other: Any, left: bool) -> Any:
        if isinstance(other, (Ones, Identity)):
            raise ValueError("a product of two values without a size: say the size of the all-ones vector")
        if np.ndim(other) == 0:
            return Ones(self.scale * other)
        a = np.asarray(other)
        if a.ndim == 1:  # 1ᵀ v, v 1: the sum of the entries
            return self.scale * float(np.sum(a)) if a.dtype.kind in "fc" else self.scale * np.sum(a)
        return self.scale * (a @ np.ones(a.shape[-1]) if not left else np.ones(a.shape[0]) @ a)

    def __mul__(self, other: Any) -> Any:
        return self._times(other, True)

    def __rmul__(self, other: Any) -> Any:
        return self._times(other, False)

    __matmul__, __rmatmul__ = __mul__, __rmul__

    def __add__(self, other: Any) -> Any:
        return Ones(self.scale + other) if np.ndim(other) == 0 else self.scale + other

    def __radd__(self, other: Any) -> Any:
        return Ones(other + self.scale) if np.ndim(other) == 0 else other + self.scale

    def __sub__(self, other: Any) -> Any:
        return Ones(self.scale - other) if np.ndim(other) == 0 else self.scale - other

    def __rsub__(self, other: Any) -> Any:
        return Ones(other - self.scale) if np.ndim(other) == 0 else other - self.scale

    def __neg__(self) -> Ones:
        return Ones(-self.scale)

    def __truediv__(self, other: Any) -> Any:
        return Ones(self.scale / other) if np.ndim(other) == 0 else self.scale / other

    def __getitem__(self, key: Any) -> Any:
        return self.scale

    @property
    def T(self) -> Ones:  # noqa: N802 - as NumPy names it: 1ᵀ is the same vector
        """The vector transposed: itself."""
        return self

    def __repr__(self) -> str:
        return "1" if self.scale == 1 else f"{self.scale!r} 1"


class OnesOuter(_Sizeless):
    r"""``\mathbf{1} d^{\top}`` or ``s \mathbf{1}^{\top}``: an outer product with the all-ones vector, of no length yet.

    Each row of ``\mathbf{1} d^{\top}`` is ``d^{\top}`` (``X - \mathbf{1} \bar{x}^{\top}`` centres the rows of X);
    each column of ``s \mathbf{1}^{\top}`` is ``s``. The ones take their length from the matrix the
    product meets: added to an ``n × p`` matrix it is ``n × p``, and ``(X^{\top} \mathbf{1})
    \mathbf{1}^{\top} X`` is ``s (\mathbf{1}^{\top} X)`` with ``\mathbf{1}^{\top} X`` the column sums of X.
    ``col`` (``row``) is ``None`` where the ones stand.
    """

    def __init__(self, col: Any, row: Any, scale: Any = 1) -> None:
        self.col, self.row, self.scale = col, row, scale

    def like(self, other: Any) -> Any:
        """The matrix of the shape ``other`` has (the ones as long as its rows or columns)."""
        shape = np.shape(other)
        if len(shape) != 2:
            raise ValueError(
                f"an outer product with \\mathbf{{1}} beside a value of shape {shape}: no size for the ones"
            )
        return self.scale * np.outer(_sized(self.col, shape[0]), _sized(self.row, shape[1]))

    def _product(self, other: Any, left: bool) -> Any:
        if np.ndim(other) == 0 and not isinstance(other, (Ones, OnesOuter, Identity)):
            return OnesOuter(self.col, self.row, self.scale * other)
        a = np.asarray(other) if isinstance(other, np.ndarray) else other
        if left and np.ndim(a) == 2:  # (c r^T) M = c (r^T M), with 1^T M the column sums
            right = a.sum(axis=0) if self.row is None else self.row @ a
            return (
                OnesOuter(self.col, right, self.scale) if self.col is None else self.scale * np.outer(self.col, right)
            )
        if not left and np.ndim(a) == 2:  # M (c r^T) = (M c) r^T, with M 1 the row sums
            col = a.sum(axis=1) if self.col is None else a @ self.col
            return OnesOuter(col, self.row, self.scale) if self.row is None else self.scale * np.outer(col, self.row)
        raise ValueError("an outer product with \\mathbf{1} times a vector: say the size of the all-ones vector")

    def __neg__(self) -> OnesOuter:
        return OnesOuter(self.col, self.row, -self.scale)

    def __truediv__(self, other: Any) -> Any:
        if np.ndim(other) != 0:
            return self.like(other) / other
        return OnesOuter(self.col, self.row, self.scale / other)

    @property
    def T(self) -> OnesOuter:  # noqa: N802 - as NumPy names it
        """The transpose: (c r^T)^T = r c^T."""
        return OnesOuter(self.row, self.col, self.scale)

    def __repr__(self) -> str:
        col = "1" if self.col is None else repr(self.col)
        row = "1" if self.row is None else repr(self.row)
        return f"{col} {row}^T" if self.scale == 1 else f"{self.scale!r} {col} {row}^T"


def _sized(part: Any, n: int) -> Any:
    """A side of an outer product, ``n`` long: the ones (``None``), a basis vector ``e_k``, or the vector it is."""
    if part is None:
        return np.ones(n)
    return part.of(n) if isinstance(part, Basis) else part


def ones_outer(a: Any, b: Any) -> Any:
    """``a b^{\\top}`` where one side is :class:`Ones` and the other a vector: a :class:`OnesOuter`, else ``None``."""
    # Arnoldi's r e_m^T: the vector r in column m, of as many columns as the matrix it meets (never r 1^T)
    if isinstance(b, Basis) and not isinstance(a, Ones) and np.ndim(a) == 1:
        return OnesOuter(np.asarray(a), b)
    if isinstance(a, Basis) and not isinstance(b, Ones) and np.ndim(b) == 1:
        return OnesOuter(a, np.asarray(b))
    if isinstance(a, Ones) and not isinstance(b, Ones) and np.ndim(b) == 1:
        return OnesOuter(None, np.asarray(b), a.scale)
    if isinstance(b, Ones) and not isinstance(a, Ones) and np.ndim(a) == 1:
        return OnesOuter(np.asarray(a), None, b.scale)
    return None


class Basis(Ones):
    r"""``e_k`` where nothing binds ``e``: the ``k``-th standard basis vector (times ``scale``) of the size beside it.

    ``position`` counts from 0 (the listing's index base already taken off).
    """

    def __init__(self, position: int, scale: Any = 1) -> None:
        super().__init__(scale)
        self.position = position

    def of(self, n: int) -> Any:
        """The basis vector among ``n`` dimensions (times ``scale``)."""
        if not 0 <= self.position < int(n):
            raise ValueError(f"the basis vector e has no entry {self.position + 1} in {int(n)} dimensions")
        out = np.zeros(int(n))
        out[self.position] = self.scale
        return out

    def _times(self, other: Any, left: bool) -> Any:
        if np.ndim(other) == 0:
            return Basis(self.position, self.scale * other)
        a = np.asarray(other)
        return (self.of(a.shape[0]) @ a) if left else (a @ self.of(a.shape[-1]))

    def __add__(self, other: Any) -> Any:
        return self.of(len(other)) + other

    def __radd__(self, other: Any) -> Any:
        return other + self.of(len(other))

    def __sub__(self, other: Any) -> Any:
        return self.of(len(other)) - other

    def __rsub__(self, other: Any) -> Any:
        return other - self.of(len(other))

    def __neg__(self) -> Basis:
        return Basis(self.position, -self.scale)

    def __truediv__(self, other: Any) -> Any:
        return Basis(self.position, self.scale / other)

    def __getitem__(self, key: Any) -> Any:
        return self.scale if key == self.position else 0

    def __repr__(self) -> str:
        return f"e_{self.position + 1}" if self.scale == 1 else f"{self.scale!r} e_{self.position + 1}"


def materialise(value: Any, n: Any) -> Any:
    r"""A value stored in a variable: ``\mathbf{1}`` (times a number) as ``n`` ones, anything else as it is."""
    return value.of(n) if isinstance(value, Ones) else value


def settle(a: Any, b: Any) -> tuple[Any, Any]:
    """``a`` and ``b`` with an :class:`Identity` between them given the size the other needs (``Q^T Q = I``)."""
    if type(a) is Identity:
        a = a.like(b)
    if type(b) is Identity:
        b = b.like(a)
    if type(a) is Zero:
        a = np.zeros_like(b, dtype=float) if np.ndim(b) else 0
    if type(b) is Zero:
        b = np.zeros_like(a, dtype=float) if np.ndim(a) else 0
    if isinstance(a, Ones) and np.ndim(b) == 1:
        a = a.of(len(b))
    if isinstance(b, Ones) and np.ndim(a) == 1:
        b = b.of(len(a))
    return a, b


def _unsized(value: Any) -> str | None:
    r"""What ``value`` is when it still has no size (``r^2 I`` returned as it is), else ``None``."""
    if isinstance(value, Identity):
        return "a multiple of the identity I"
    if isinstance(value, OnesOuter):
        return "a multiple of the all-ones matrix"
    if isinstance(value, Basis):
        return "a unit vector e_i"
    if isinstance(value, Ones):
        return "a multiple of the all-ones vector"
    return None


#: what an output most often is, with no size to ask about (tested first: a call's fixed cost)
SIZED = (np.ndarray, float, int, np.floating, np.integer, bool, str, tuple, list, type(None))


def sized_output(value: Any, written: Any) -> None:
    r"""Refuse an output that still has no size (``\Return r^2 I``): its caller would get a value of no shape.

    ``written`` is the returned math as the note writes it (its ``latex`` and ``span``).
    """
    what = _unsized(value)
    if what is not None:
        from ..findings import LocatedError, NotExecutable

        raise LocatedError(
            NotExecutable,
            written.span,
            message=f"{written.latex} is {what} whose size nothing in the listing fixes: write its size "
            "where it is made (I_n, \\mathbf{1}_n)",
        )


def sized_outputs(values: tuple, written: Any) -> None:
    """:func:`sized_output` of each of several outputs, beside the math each is written as."""
    for value, math in zip(values, written):
        if not isinstance(value, SIZED):
            sized_output(value, math)
