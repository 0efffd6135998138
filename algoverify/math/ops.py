"""The operations compiled math calls: products, powers, transposes, norms and relations.

They are shared by the closures (:mod:`.numeric`) and the generated code (:mod:`.codegen`), as
the notation means them. The bottom of the math phase's NumPy side: it imports nothing of algoverify's but the exact
numbers it compares (:mod:`.surds`, :mod:`.algebraic`), so both compilers can use it without
importing each other.
"""

from __future__ import annotations

import contextlib
import math
from collections.abc import Iterator, Mapping
from collections.abc import Set as AbstractSet
from fractions import Fraction
from typing import Any, Callable, Iterable

import numpy as np

from .algebraic import EXACT_TYPES, Algebraic

# the sets a listing holds, here where the values of a run are read from
from .finite_sets import EMPTY, FiniteSet, as_finite_set, element, is_finite_set  # noqa: F401
from .sizeless import ZERO, Zero
from .surds import Surd

__all__ = [
    "power",
    "whole_numbers",
    "absolute",
    "square_root",
    "BITWISE",
    "invert",
    "transpose",
    "product",
    "cross",
    "Zero",
    "ZERO",
    "two_norm",
    "RELATIONS",
    "Sequence",
    "FiniteSet",
    "element",
    "is_finite_set",
    "as_finite_set",
    "raise_on_fp_errors",
    "MAX_INT_DIGITS",
    "MAX_TERMS",
    "IntegerTooLarge",
    "OverBudget",
    "check_digits",
    "times",
    "check_terms",
]

#: The most decimal digits an integer a listing computes may have. Python's integers are exact
#: however large, and computing one with billions of digits (``10^{10^{10}}``, a squaring in a
#: loop) would take the machine for hours inside one statement, out of reach of the step and
#: time budgets: such a result is refused, before it is computed where that can be foreseen.
MAX_INT_DIGITS = 10_000
_MAX_BITS = math.ceil(MAX_INT_DIGITS * math.log2(10))
_LOG2_10 = math.log2(10)

#: The most terms one big operator (``\sum``, ``\prod``, ``\max`` …) may run over: a range
#: of 10^12 indices would allocate terabytes (vectorised) or loop for days (term by term).
MAX_TERMS = 10_000_000


#: How an overflow past the limit begins (:class:`IntegerTooLarge`): a check tells it from the listing's own.
INTEGER_OVERFLOW = "integer overflow (a result of about"

#: The limit in force, in bits: :data:`MAX_INT_DIGITS`, or a hundred times it while :func:`wider_integers` runs.
_LIMIT_BITS = [_MAX_BITS]


@contextlib.contextmanager
def wider_integers() -> Iterator[None]:
    """A run's integers limited to a hundred times :data:`MAX_INT_DIGITS`: a check's second run of a draw past it.

    ``x^n`` of a legitimately large ``n`` (125,000 digits) runs; a loop that squares without end still
    stops, a few squarings later.
    """
    _LIMIT_BITS.append(_MAX_BITS * 100)
    try:
        yield
    finally:
        _LIMIT_BITS.pop()


class IntegerTooLarge(OverflowError):
    """An integer result past :data:`MAX_INT_DIGITS` (reported as an overflow at the statement)."""

    def __init__(self, digits: float) -> None:
        limit = MAX_INT_DIGITS * (_LIMIT_BITS[-1] // _MAX_BITS)
        super().__init__(
            f"{INTEGER_OVERFLOW} {digits:,.0f} digits; a listing's integers are limited to {limit:,} digits)"
        )


class OverBudget(Exception):
    """Work inside one statement past a budget (a big operator's terms): reported as not terminating."""


def check_digits(bits: float) -> None:
    """Raise :class:`IntegerTooLarge` for an integer of ``bits`` binary digits past the limit."""
    if bits > _LIMIT_BITS[-1]:
        raise IntegerTooLarge(bits / _LOG2_10)


def times(a: Any, b: Any) -> Any:
    """``a * b``, refusing a product of integers past :data:`MAX_INT_DIGITS` before computing it."""
    if type(a) is int and type(b) is int:
        check_digits(a.bit_length() + b.bit_length() - 1)
    elif type(a) in (list, tuple) or type(b) in (list, tuple):
        return np.multiply(a, b)  # 2 (a_1, a_3): the vector doubled, never Python's tuple repeated
    return a * b


def check_terms(count: int, what: str) -> None:
    """Raise :class:`OverBudget` when a big operator would run over more than :data:`MAX_TERMS` terms."""
    if count > MAX_TERMS:
        raise OverBudget(f"{what} over {count:,} terms is past the budget of {MAX_TERMS:,} terms")


def power(base: Any, exp: Any) -> Any:
    """``base^{exp}``: a matrix power for a square matrix and an integer, else elementwise."""
    if exp.__class__ is int and exp >= 0 and base.__class__ is np.ndarray and base.ndim == 1:
        return base**exp  # (x_i - mu)^2 of a vector, on every call: NumPy's own fast square
    if getattr(base, "ndim", 0) == 2 and np.ndim(exp) == 0 and float(exp).is_integer():
        return np.linalg.matrix_power(base, int(exp))
    if getattr(base, "ndim", 0) == 2 and np.ndim(exp) == 0 and base.shape[0] == base.shape[1]:
        return _fractional_power(base, float(exp))
    if type(base) is int and type(exp) is int and exp > 1 and (base > 1 or base < -1):
        check_digits(exp * math.log2(abs(base)))  # the result's bits, within rounding
    if _numpy_integral(exp) and _numpy_integral(base) | (type(base) is int) and np.any(np.asarray(exp) < 0):
        base = np.asarray(base, dtype=float)  # 2^{-\ell_i} of whole numbers: a fraction, as Python's 2 ** -3 is
    return base**exp


def _fractional_power(a: Any, exp: float) -> Any:
    """``\\tilde{D}^{-1/2}``: the matrix power of a symmetric matrix (a diagonal one: of its diagonal), not entrywise.

    A non-symmetric matrix has no real power a reader would take for granted: refused, never guessed.
    """
    a = np.asarray(a, dtype=float)
    if not np.allclose(a, a.T, rtol=0, atol=1e-12 * max(1.0, float(np.max(np.abs(a))) if a.size else 1.0)):
        raise ValueError(f"a power {exp:g} of a matrix that is not symmetric: write its eigendecomposition")
    if np.count_nonzero(a - np.diag(np.diagonal(a))) == 0:
        with np.errstate(divide="raise", invalid="raise"):
            return np.diag(np.diagonal(a) ** exp)
    w, q = np.linalg.eigh((a + a.T) / 2)
    with np.errstate(divide="raise", invalid="raise"):
        return (q * w**exp) @ q.T


def _numpy_integral(x: Any) -> bool:
    return isinstance(x, np.integer) or (isinstance(x, np.ndarray) and x.dtype.kind in "iu")


def absolute(x: Any) -> Any:
    """``\\lvert x \\rvert``: Python's ``abs`` of a Python number, NumPy's of anything else.

    An int stays a Python int, exact however large (NumPy's would wrap past 2^63).
    """
    kind = type(x)
    if kind is int or kind is float or kind is bool:
        return abs(x)
    if kind is list:
        return len(x)  # |S| of a stack or queue the listing keeps: how many it holds
    return np.abs(x)


def square_root(x: Any) -> Any:
    """``\\sqrt{x}``: NumPy's square root; of a Python int, of the int as a float, as Python's math.sqrt.

    NumPy has no square root for an int past 2^64; Python's float of it is exact enough (and an
    overflow past 10^308, as Python's).
    """
    return np.sqrt(float(x) if type(x) is int else x)


def _bitwise(name: str, op: Callable[[Any, Any], Any], ufunc: Any) -> Callable[[Any, Any], Any]:
    """Python's ``<<``, ``>>``, ``&``, ``|``, ``^`` as latexify prints them: of integers (and truth values) only."""

    def bitwise(a: Any, b: Any) -> Any:
        a, b = whole_numbers(a), whole_numbers(b)
        if isinstance(a, (int, np.integer)) and isinstance(b, (int, np.integer)):
            if type(a) not in (int, bool) or type(b) not in (int, bool):
                a, b = int(a), int(b)
            if name == "<<" and b > 0:
                check_digits(a.bit_length() + b)
            return op(a, b)
        if isinstance(a, np.ndarray) or isinstance(b, np.ndarray):
            return ufunc(a, b)  # arrays of integers, entry by entry (NumPy refuses floats)
        raise TypeError(f"{name} takes integers, as Python's does: not {type(a).__name__} and {type(b).__name__}")

    return bitwise


def whole_numbers(x: Any) -> Any:
    """A float that holds a whole number (an entry of an array of floats a listing built) as that integer.

    Only NumPy's floats: a Python float is a float by what the listing computed (``x // n`` of a
    float ``x``), and ``&`` of it is refused, as Python refuses it.
    """
    if isinstance(x, np.floating) and np.isfinite(x) and float(x).is_integer() and abs(x) < 2.0**53:
        return int(x)
    if isinstance(x, np.ndarray) and x.dtype.kind == "f" and x.size and np.all(np.isfinite(x)):
        if np.all(np.mod(x, 1) == 0) and np.all(np.abs(x) < 2.0**53):
            return x.astype(np.int64)
    return x


BITWISE: dict[str, Callable[[Any, Any], Any]] = {
    "<<": _bitwise("<<", lambda a, b: a << b, np.left_shift),
    ">>": _bitwise(">>", lambda a, b: a >> b, np.right_shift),
    "&": _bitwise("&", lambda a, b: a & b, np.bitwise_and),
    "|": _bitwise("|", lambda a, b: a | b, np.bitwise_or),
    "^": _bitwise("^", lambda a, b: a ^ b, np.bitwise_xor),
}


def invert(x: Any) -> Any:
    """Python's ``~x`` (latexify's ``\\mathord{\\sim} x``): ``-x - 1`` of an integer."""
    if isinstance(x, (int, np.integer)):
        return ~int(x)
    if isinstance(x, np.ndarray):
        return np.invert(x)
    raise TypeError(f"~ takes an integer, as Python's does: not a {type(x).__name__}")


def transpose(x: Any) -> Any:
    """``x^{\\top}``: a no-op on scalars and 1-D vectors, as the notation means it."""
    return np.transpose(x) if getattr(x, "ndim", 0) else x


def cross(a: Any, b: Any) -> Any:
    """``a \\times b``: the cross product of two vectors (of the plane: a number), else the product.

    Entry by entry is ``\\odot``: ``\\times`` of two vectors of another length than 2 or 3 means neither,
    and is refused.
    """
    if isinstance(a, AbstractSet) and isinstance(b, AbstractSet):  # S × T: the pairs
        return FiniteSet((element(x), element(y)) for x in as_finite_set(a) for y in as_finite_set(b))
    if getattr(a, "ndim", 0) == 1 and getattr(b, "ndim", 0) == 1:
        if len(a) != len(b) or len(a) not in (2, 3):
            raise ValueError(
                f"× of vectors of {len(a)} and {len(b)} entries: a cross product takes two of 2 or 3; "
                "write \\odot for the product entry by entry"
            )
        return a[0] * b[1] - a[1] * b[0] if len(a) == 2 else np.cross(a, b)
    return np.multiply(a, b)


def quotient(a: Any, b: Any) -> Any:
    """``a / b``: of two Python ints that divide exactly, the int quotient; else true division.

    ``q \\gets q / 2`` of an even ``q``, ``a^{(p-1)/2} \\bmod p`` of an odd prime: a reader of
    number-theoretic pseudocode keeps such quotients whole (and exact however large); a float
    would lose digits past 2^53 and make ``n^{(p-1)/2}`` overflow.
    """
    if a.__class__ is int and b.__class__ is int and b and not a % b:
        return a // b  # below 2^53 Python's float quotient is this very number; past it, exact
    return a / b


def product(a: Any, b: Any) -> Any:
    """Multiply as the notation means it: matrix product of two arrays, else broadcast."""
    # a Python number on either side (\\frac{1}{d} x) needs no shape test; getattr's miss costs more
    if type(a) is float or type(b) is float:
        return a * b
    if type(a) is int or type(b) is int:
        return times(a, b)
    if getattr(a, "ndim", 0) and getattr(b, "ndim", 0):
        return a @ b
    return a * b


try:
    # NumPy 2 keeps its floating-point error state in a context variable: setting it directly
    # costs a tenth of entering np.errstate, which a listing call pays once.
    from numpy._core._ufunc_config import _extobj_contextvar as FP_STATE
    from numpy._core._ufunc_config import _make_extobj

    FP_RAISE: Any = _make_extobj(over="raise", divide="raise", invalid="raise", under="ignore")
except Exception:  # noqa: BLE001 - another NumPy: np.errstate, the public way
    FP_STATE = None
    FP_RAISE = None


def raise_on_fp_errors(run: Any, arg: Any) -> Any:
    """``run(arg)`` with overflow, division by zero and invalid values raised as ``FloatingPointError``."""
    if FP_STATE is None:
        with np.errstate(over="raise", divide="raise", invalid="raise", under="ignore"):
            return run(arg)
    token = FP_STATE.set(FP_RAISE)
    try:
        return run(arg)
    finally:
        FP_STATE.reset(token)


def pair_inner(value: Any) -> Any:
    """``(u, v)`` of two vectors of one length as an operand: their inner product (Saad's notation).

    A reader of ``(p, r) / (p, p)`` divides two inner products; a pair of anything else (numbers,
    vectors of two lengths, a matrix) stays the pair it is, and arithmetic on it is the caller's error.
    """
    if type(value) is tuple and len(value) == 2:
        u, v = value
        if (
            isinstance(u, np.ndarray)
            and isinstance(v, np.ndarray)
            and u.ndim == 1
            and v.ndim == 1
            and len(u) == len(v)
            and u.dtype.kind in "iufcO"
            and v.dtype.kind in "iufcO"
        ):
            # an exact run's vectors (object arrays of fractions, surds) are real: a plain dot product
            return np.vdot(u, v) if u.dtype.kind != "O" else np.dot(u, v)
    return value


def two_norm(x: Any) -> float:
    """The 2-norm (Frobenius for a matrix); a real vector takes NumPy's own shortcut, sqrt(x·x), directly."""
    if getattr(x, "ndim", 0) == 1 and x.dtype.kind == "f":
        return math.sqrt(x.dot(x))
    return float(np.linalg.norm(x))


def _psd(a: Any, sign: int, atol: float) -> bool:
    w = np.linalg.eigvalsh((np.asarray(a) + np.asarray(a).T) / 2) * sign
    scale = max(1.0, float(np.max(np.abs(w)))) if w.size else 1.0
    return bool(np.all(w >= -atol * scale)) and bool(np.allclose(a, np.transpose(a), atol=atol * scale))


#: scalar types compared without NumPy (exact for big ints); True: compared as a Python float,
#: since NumPy cannot compare its float with an int too large for a float (``10^{400} < \\infty``)
# an exact run's values (a Fraction, a Surd, an Algebraic) are compared as they are: exactly
_SCALARS: dict[type, bool] = {
    int: False,
    float: False,
    np.float64: True,
    Fraction: False,
    Surd: False,
    Algebraic: False,
}


def _exact(x: Any) -> bool:
    """Whether ``x`` holds a value of an exact run: a Fraction, Surd or Algebraic, or an object array."""
    return type(x) in EXACT_TYPES or (isinstance(x, np.ndarray) and x.dtype == object)


def _close(a: Any, b: Any, r: float, t: float) -> bool:
    """``|a - b| ≤ t + r |b|`` entry by entry, computed exactly (the tolerances as the rationals they store)."""
    if not (r or t):
        return bool(np.all(np.equal(a, b)))
    fr, ft = Fraction(r), Fraction(t)
    return bool(np.all(np.less_equal(np.abs(np.subtract(a, b)), ft + fr * np.abs(b))))


_PLAIN = (int, float)
_EXACT = 2.0**53  # below it an int is the float NumPy would compare; NaN and infinities fail the test


def _scalars(a: Any, b: Any) -> tuple[Any, Any] | None:
    """``(a, b)`` as plain Python numbers when both are scalars, else ``None``."""
    ka, kb = _SCALARS.get(type(a)), _SCALARS.get(type(b))
    if ka is None or kb is None:
        return None
    return (float(a) if ka else a, float(b) if kb else b)


def _discrete(x: Any) -> bool:
    """A value compared by identity of content, not as a number: a set, a tuple, a string, a map, nothing."""
    return x is None or isinstance(x, (AbstractSet, tuple, str, Mapping))


def _container_and_empty(a: Any, b: Any) -> bool:
    """A queue or a stack (a list: what the container statements make) beside the empty set."""
    if isinstance(b, list):
        a, b = b, a
    return isinstance(a, list) and isinstance(b, AbstractSet) and len(b) == 0


def _sequence_pair(a: Any, b: Any) -> bool:
    """A tuple of values beside a tuple, or beside an array of as many rows: compared member by member."""
    if not isinstance(a, tuple):
        a, b = b, a
    if not isinstance(a, tuple):
        return False
    return isinstance(b, tuple) or (isinstance(b, np.ndarray) and b.ndim >= 1 and len(b) == len(a))


def _equal(a: Any, b: Any, r: float, t: float) -> bool:
    pair = _scalars(a, b)
    if pair is not None:
        x, y = pair
        if not (r or t):
            return x == y  # exact, big integers included
        if type(x) in _PLAIN and type(y) in _PLAIN and -_EXACT < x < _EXACT and -_EXACT < y < _EXACT:
            # `j \ne i` in a sum's condition, once per term: NumPy's isclose formula without its machinery
            return abs(x - y) <= t + r * abs(y)
    elif _sequence_pair(a, b):
        # a listing's outputs against `(x, y)`: each member under the relation's tolerance, as the
        # same values written as two equations would be
        return len(a) == len(b) and all(_equal(x, y, r, t) for x, y in zip(a, b))
    elif _container_and_empty(a, b):
        # CLRS's `Q \ne \emptyset` of a queue or a stack asks whether it holds anything, not whether
        # a list is the set {} (never: a list is no set, and the loop would never end)
        return len(a if isinstance(a, list) else b) == 0
    elif _discrete(a) or _discrete(b):
        return bool(a == b)
    if _exact(a) or _exact(b):
        return _close(a, b, r, t)
    return bool(np.all(np.isclose(a, b, rtol=r, atol=t)))


def _tuples(a: Any, b: Any) -> bool:
    """Whether an order relation compares tuples (several values, ``(d_u, u) < (d_v, v)``), not arrays.

    Tuples are ordered as Python orders them, lexicographically; a number and a tuple are not
    ordered at all (Python's TypeError), rather than compared entry by entry as an array would be.
    """
    return type(a) is tuple or type(b) is tuple


def ordered(*values: Any) -> tuple[Any, ...]:
    """``values`` to be ordered: a complex one whose imaginary parts are all zero as the real one it is.

    Refuses an order between complex numbers (``δ < i``), which NumPy would take by real part,
    silently. Muller's iterate, complex once and real again, is ordered as the real number it is.
    """
    out = []
    for v in values:
        if (
            type(v) is complex
            or isinstance(v, np.complexfloating)
            or (isinstance(v, np.ndarray) and v.dtype.kind == "c")
        ):
            if np.any(np.imag(v) != 0):
                raise ValueError(
                    (f"{shown_number(v)} is complex" if np.ndim(v) == 0 else "the values are complex")
                    + ": complex numbers have no order (compare their moduli, or their real parts)"
                )
            v = np.real(v) if isinstance(v, np.ndarray) else float(np.real(v))
        out.append(v)
    return tuple(out)


def _less(a: Any, b: Any, r: float, t: float) -> bool:
    # floats (the common loop test, `\\lVert r \\rVert \\gt \\tau`) skip NumPy's reduction
    # machinery, which costs more than the norm itself on small vectors
    if type(a) is float and type(b) is float:
        return a < b
    a, b = ordered(a, b)
    pair = _scalars(a, b)
    if pair is not None:
        return pair[0] < pair[1]
    if _tuples(a, b):
        return bool(a < b)
    return bool(np.all(np.less(a, b)))


def _greater(a: Any, b: Any, r: float, t: float) -> bool:
    if type(a) is float and type(b) is float:
        return a > b
    a, b = ordered(a, b)
    pair = _scalars(a, b)
    if pair is not None:
        return pair[0] > pair[1]
    if _tuples(a, b):
        return bool(a > b)
    return bool(np.all(np.greater(a, b)))


def _less_equal(a: Any, b: Any, r: float, t: float) -> bool:
    a, b = ordered(a, b)
    if (r or t) and (_exact(a) or _exact(b)):
        r, t = Fraction(r), Fraction(t)  # a tolerance added to an exact value exactly
    pair = _scalars(a, b)
    if pair is not None:
        a, b = pair
        return a <= b if not (r or t) else a <= b + t + r * abs(b)
    if _tuples(a, b):
        return bool(a <= b)
    # no relative slack where none is asked: 0 · ∞ is NaN, and ∞ ≤ ∞ would fail (an edge's weight ∞ ≥ 0)
    return bool(np.all(np.less_equal(a, np.asarray(b) + t + r * np.abs(b) if r else np.asarray(b) + t)))


def _greater_equal(a: Any, b: Any, r: float, t: float) -> bool:
    a, b = ordered(a, b)
    if (r or t) and (_exact(a) or _exact(b)):
        r, t = Fraction(r), Fraction(t)
    pair = _scalars(a, b)
    if pair is not None:
        a, b = pair
        return a >= b if not (r or t) else a + t + r * abs(a) >= b
    if _tuples(a, b):
        return bool(a >= b)
    return bool(np.all(np.greater_equal(np.asarray(a) + t + r * np.abs(a) if r else np.asarray(a) + t, b)))


def _identical(a: Any, b: Any, r: float, t: float) -> bool:
    """``x \\equiv \\mathrm{None}``: Python's ``is``, as latexify prints it, of None, True and False.

    Identity of other values (``a is b`` of two numbers) depends on how Python stores them, not
    on what they are: refused rather than guessed.
    """
    if a is None or b is None or type(a) is bool or type(b) is bool:
        return a is b
    raise TypeError(r"\equiv (Python's `is`) is tested against None, True or False only; write = to compare values")


RELATIONS: dict[str, Callable[[Any, Any, float, float], bool]] = {
    "=": _equal,
    "!=": lambda a, b, r, t: not _equal(a, b, r, t),
    "equiv": _identical,
    "notequiv": lambda a, b, r, t: not _identical(a, b, r, t),
    "approx": lambda a, b, r, t: (
        _close(a, b, max(r, 1e-3), max(t, 1e-6))
        if _exact(a) or _exact(b)
        else bool(np.allclose(a, b, rtol=max(r, 1e-3), atol=max(t, 1e-6)))
    ),
    "<": _less,
    "<=": _less_equal,
    ">": _greater,
    ">=": _greater_equal,
    "succeq": lambda a, b, r, t: _psd(np.asarray(a) - np.asarray(b), 1, max(t, 1e-9)),
    "preceq": lambda a, b, r, t: _psd(np.asarray(b) - np.asarray(a), 1, max(t, 1e-9)),
    # between two statements: A \\implies B, A \\iff B
    "implies": lambda a, b, r, t: (not bool(a)) or bool(b),
    "iff": lambda a, b, r, t: bool(a) == bool(b),
}


def _element_type(values: Iterable[Any]) -> Any:
    """``object`` in an exact run (a Fraction stays exact), integers for integers, else ``complex`` or ``float``."""
    values = list(values)
    if any(_exact(v) for v in values):
        return object
    if any(type(v) is int and abs(v) > 2**53 for v in values):
        return object  # D_19 = 44750731559645106: an integer past a float's 53 bits stays exact
    if values and all(isinstance(v, (int, np.integer)) and not isinstance(v, (bool, np.bool_)) for v in values):
        return np.int64  # the partial quotients 3, 7, 16 stay integers (a store of a float widens the array)
    return complex if any(np.iscomplexobj(v) for v in values) else float


class Written(np.ndarray):
    """A sequence's values as an array that keeps the index of its first entry: ``x_0, x_1, …`` read whole.

    A whole read of a sequence is an array (``\\lVert x \\rVert``, ``p / s``); its entries are still
    found at the indices the listing wrote them at (``x_0`` in a listing that counts from 1), so
    ``b \\gets a`` then ``b_j`` reads what ``a_j`` held.
    """

    first: int | None
    #: how many leading axes count from ``first``: ``None`` for all (a matrix stored entry by entry
    #: from R_{0,0}), 1 for members stacked (θ_0, θ_1, … of vectors, whose own entries count from
    #: the index base: θ_{1,i} is entry i of θ_1)
    axes: int | None
    #: how many leading entries the note gave rather than the listing computed (``u_0 = 0``,
    #: an initial ``[A]_0``): read like the others, left out of what a run returns
    given: int

    def __array_finalize__(self, obj: Any) -> None:
        self.first = getattr(obj, "first", None)
        self.axes = getattr(obj, "axes", None)
        self.given = getattr(obj, "given", 0)


def written_array(values: Any, first: int, dtype: Any = None, axes: int | None = None) -> Written:
    """``values`` as an array whose first entry has the index ``first`` (on its ``axes`` leading axes)."""
    out = np.asarray(values, dtype=dtype).view(Written)
    out.first = first
    out.axes = axes
    return out


def _sized_zeros(values: list[Any]) -> list[Any]:
    """``x_0 \\gets 0`` beside vectors ``x_1, x_2, …`` read whole: the zero start as a zero of their shape."""
    shapes = {np.shape(v) for v in values if type(v) is not Zero}
    if len(shapes) != 1 or not any(type(v) is Zero for v in values):
        return [0 if type(v) is Zero else v for v in values]
    shape = shapes.pop()
    # β_0 \gets 0 beside numbers β_1, β_2: the number 0, which an exact run's array keeps exact (a 0-d float
    # array would be the one float in it)
    zero = np.zeros(shape) if shape else 0
    return [zero if type(v) is Zero else v for v in values]


def members(name: str) -> str:
    """The key under which the members ``k_1, k_2, …`` of a name ``k`` that holds a number are kept.

    Zeckendorf's ``k_r \\gets k`` beside the index ``k``, Kleinberg and Tardos's ``s(i) \\gets f``
    beside the start time ``s``: a reader keeps the number and the family apart, and so does a run.
    """
    return name + "_\u2022"


def holds_a_number(value: Any) -> bool:
    """Whether ``value`` is one number (a store by index into it then means its family of members).

    A sizeless zero (``x \\gets 0`` then ``x_i \\gets …``) is a vector to be, never a number. A
    complex number is one (Muller's step ``h`` turns complex, beside its ``h_1``, ``h_2``), and so
    is an exact surd or algebraic number.
    """
    cls = value.__class__
    if cls is int or cls is float or cls is Fraction or cls is complex:
        return True
    if isinstance(value, (Surd, Algebraic)):
        return True
    return isinstance(value, (np.integer, np.floating, np.complexfloating)) and not isinstance(value, bool)


def _as_vector(value: Any) -> Any:
    """A sequence as the vector its members make (:meth:`Sequence._as_vector`); anything else as it is."""
    return value._as_vector() if type(value) is Sequence else value


class Sequence(dict):
    r"""Values stored by index into a name that is not an array: ``x_0``, ``x_{k+1}``, ``p_k`` in a loop.

    The keys are the indices as written (``x_0`` is key 0, whatever the listing's index base):
    a sequence is what the notation means by ``x_k``, not an array position. Reading an index
    never stored is an error at the read; a whole sequence becomes an array when the keys are
    consecutive integers.

    ``given`` holds the members the note fixes before the listing runs ("\\(u_0 = 0\\)"): read where
    nothing was stored at their index, never part of what the listing made.
    """

    given: Mapping[Any, Any] = {}

    #: NumPy defers to the reflected operation (``A P`` is ``P.__rmul__(A)``), never taking the dict as a scalar
    __array_ufunc__ = None

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if args and type(args[0]) is Sequence and args[0].given:
            self.given = args[0].given  # a store makes a new sequence: what the note fixed stays

    # P_j \gets \exp(-\beta d_j) for j = 1, …, M, then P / s: the members stored are the vector read whole
    def _as_vector(self) -> Any:
        whole = self.to_array()
        if whole is self:
            raise TypeError("a sequence stored at scattered indices, read whole in arithmetic: it is no vector")
        return whole

    def __add__(self, other: Any) -> Any:
        return self._as_vector() + _as_vector(other)

    def __radd__(self, other: Any) -> Any:
        return _as_vector(other) + self._as_vector()

    def __sub__(self, other: Any) -> Any:
        return self._as_vector() - _as_vector(other)

    def __rsub__(self, other: Any) -> Any:
        return _as_vector(other) - self._as_vector()

    def __mul__(self, other: Any) -> Any:
        return product(self._as_vector(), _as_vector(other))

    def __rmul__(self, other: Any) -> Any:
        return product(_as_vector(other), self._as_vector())

    def __matmul__(self, other: Any) -> Any:
        return self._as_vector() @ _as_vector(other)

    def __rmatmul__(self, other: Any) -> Any:
        return _as_vector(other) @ self._as_vector()

    def __truediv__(self, other: Any) -> Any:
        return self._as_vector() / _as_vector(other)

    def __rtruediv__(self, other: Any) -> Any:
        return _as_vector(other) / self._as_vector()

    def __pow__(self, other: Any) -> Any:
        return self._as_vector() ** _as_vector(other)

    def __neg__(self) -> Any:
        return -self._as_vector()

    def to_array(self) -> Any:
        """The values in index order, as an array when the keys are consecutive integers (else self)."""
        try:
            keys = sorted(self)
        except TypeError:
            return self  # N_1 beside N_{1j}: numbered members and a table under one letter, read as a map
        if not keys:
            return np.array([])  # nothing stored: the empty sequence a reader sees (c of merging two empty lists)
        given = 0
        if self.given and all(isinstance(k, int) for k in keys):
            # the members the note gave right before what was stored: part of the whole the listing reads
            while keys[0] - 1 in self.given:
                keys.insert(0, keys[0] - 1)
                given += 1
        if all(isinstance(k, int) for k in keys) and keys == list(range(keys[0], keys[0] + len(keys))):
            # x^{(k+1)}_i stored entry by entry beside the x^{(0)} given: each member as the vector it is
            members = [self[k] if k in self else self.given[k] for k in keys]
            values = _sized_zeros([m.to_array() if type(m) is Sequence else m for m in members])
            if not all(np.ndim(v) == np.ndim(values[0]) for v in values):
                return values
            try:
                stacked = 1 if any(np.ndim(v) for v in values) else None  # members that are vectors
                out = written_array(values, keys[0], _element_type(values), stacked)
            except (TypeError, ValueError):
                return values
            out.given = given
            return out
        if keys and all(type(k) is tuple and len(k) == 2 and all(type(i) is int for i in k) for k in keys):
            return self._matrix(keys)
        return self

    def _matrix(self, keys: list[tuple[int, int]]) -> Any:
        # a matrix stored entry by entry (R_{i,j} in Gram–Schmidt, which sets i <= j only): the
        # entries never stored are 0, as the triangular matrix the listing builds has them
        # each axis from the smallest index written on it: a_{n,i} for n = -M, …, M and i = 0, …, N is
        # (2M + 1) × (N + 1), never padded with columns before 0
        top, left = min(i for i, _ in keys), min(j for _, j in keys)
        low = min(top, left)
        top, left = (low, low) if top >= 0 and left >= 0 else (top, left)
        origin = top if top == left else None
        rows = max(i for i, _ in keys) - top + 1
        cols = max(j for _, j in keys) - left + 1
        if rows * cols > 4 * len(keys) + 16:
            return self  # a few scattered entries: a map, not a matrix
        out = np.zeros((rows, cols), dtype=_element_type(self.values()))
        if out.dtype == object:
            out[...] = 0  # an exact run's matrix: the entries never stored are the integer 0
        try:
            for (i, j), v in self.items():
                out[i - top, j - left] = v
        except (TypeError, ValueError):
            return self
        return written_array(out, origin) if origin is not None else out


def seen(value: Any) -> Any:
    """``value`` as a reader sees it: a :class:`Sequence` stored by index as its array.

    Whole reads of a name (``p`` after ``p_k \\gets …``), the values a check compares, the
    values a run reports: none of them ever meets the keyed map the stores build, whatever the
    sequence's length. Outputs in a tuple are each seen.
    """
    kind = type(value)
    if kind is Sequence:
        return value.to_array()
    if kind is Zero:
        return 0
    if kind is tuple:
        return tuple(seen(v) for v in value) if any(type(v) in (Sequence, Zero) for v in value) else value
    return value


def nonfinite(value: Any) -> None:
    """Raise ``FloatingPointError`` for a Python float that overflowed to inf or became NaN.

    NumPy's error state covers arrays and NumPy scalars; Python's own float arithmetic goes to
    inf without a word (``x * x``), so assignments and returned values are checked with this.
    """
    if value != value:
        raise FloatingPointError("invalid value encountered")
    raise FloatingPointError("overflow encountered")


def shown_number(value: Any) -> str:
    """A number as a reader writes it in a message (``1.5``, never ``np.float64(1.5)``)."""
    return repr(value.item()) if isinstance(value, np.generic) else repr(value)
