"""Exact arithmetic: the operations of compiled math over exact numbers (``run --exact``, ``arithmetic: exact``).

A listing compiled with ``Context(exact=True)`` evaluates its numbers as Python
:class:`~fractions.Fraction` values (object arrays of them for vectors and matrices): a decimal
literal is the rational it writes (``0.1`` is 1/10), and ``/`` divides exactly. A square root
of a rational that is not a square is a :class:`~.surds.Surd` (``\\sqrt{2}``, ``\\lVert v \\rVert``
of a rational vector), and so is what is computed from it; a nested or a cube root that does
not come back to one is an :class:`~.algebraic.Algebraic`. Rationals stay ``Fraction``\\ s until
a root makes them irrational, and come back when the roots cancel (``\\sqrt{2}\\sqrt{2} = 2``).
``\\exp``, ``\\log``, ``\\sin`` … are taken by sympy where their value is rational (``\\exp 0 = 1``);
where it is not (``\\exp 1``: no algebraic number), or a value grows past :data:`MAX_DIGITS`,
:class:`NotExact` is raised and the compiler locates it at the node: a float never enters an
exact run unnoticed.
"""

from __future__ import annotations

from fractions import Fraction
from numbers import Rational
from typing import Any, Callable

import numpy as np

from .algebraic import EXACT_TYPES, Algebraic, is_exact, root, sign, sqrt, to_sympy
from .latex import sympy_latex
from .ops import MAX_INT_DIGITS
from .surds import NotExact, Surd

__all__ = [
    "NotExact",
    "to_exact",
    "literal",
    "divide",
    "square_root",
    "power",
    "norm",
    "inverse",
    "determinant",
    "FUNCTIONS",
    "float_in",
    "too_large",
    "as_float",
    "MAX_DIGITS",
]


def to_exact(value: Any) -> Any:
    """``value`` with every float replaced by the rational it stores exactly (``Fraction(0.1)``).

    Integers stay ``int``; arrays become object arrays of ``Fraction``; lists, tuples and dicts
    are converted item by item. Infinities and NaN stay NumPy floats (they have no rational value).
    """
    if isinstance(value, bool) or isinstance(value, (int, Fraction)):
        return value
    if isinstance(value, (float, np.floating)):
        # an infinity stays one (a bound the caller gave): it compares exactly, and float_in ignores it
        return Fraction(float(value)) if np.isfinite(value) else np.float64(value)
    if isinstance(value, np.integer):
        return int(value)
    if isinstance(value, np.ndarray):
        if value.dtype.kind in "biu":
            return value.astype(object)
        out = np.empty(value.shape, dtype=object)
        for idx, v in np.ndenumerate(value):
            out[idx] = to_exact(v)
        return out
    if isinstance(value, list):
        return [to_exact(v) for v in value]
    if isinstance(value, tuple):
        return tuple(to_exact(v) for v in value)
    if isinstance(value, dict):
        return {k: to_exact(v) for k, v in value.items()}
    return value


def literal(value: Any, text: str) -> Any:
    """A number as written: ``0.1`` is 1/10 (its decimal text), not the float nearest to it."""
    if isinstance(value, float):
        try:
            return Fraction(text)
        except ValueError:
            return to_exact(value)
    return value


def _elementwise(fn: Callable[[Any], Any], x: Any) -> Any:
    if isinstance(x, np.ndarray):
        out = np.empty(x.shape, dtype=object)
        for idx, v in np.ndenumerate(x):
            out[idx] = fn(v)
        return out
    return fn(x)


def _number(x: Any, what: str) -> Any:
    """``x`` as an exact number (an ``int``, a ``Fraction``, a Surd or an Algebraic); a float is refused."""
    if type(x) in EXACT_TYPES or type(x) is int:
        return x
    if isinstance(x, (bool, np.bool_)) or not isinstance(x, (Rational, np.integer)):
        raise NotExact(f"{what} of {x!r}: not an exact number (a float inside an exact run)")
    return int(x) if isinstance(x, np.integer) else Fraction(x)


def _rational(x: Any) -> Fraction | None:
    """``x`` as a ``Fraction`` when it is rational (``None``: an irrational Surd or Algebraic)."""
    return None if type(x) is Surd or type(x) is Algebraic else Fraction(x)


def divide(a: Any, b: Any) -> Any:
    """``a / b`` exactly: an integer divided by an integer is a ``Fraction``, never a float."""
    if isinstance(a, np.ndarray) or isinstance(b, np.ndarray):
        a = to_exact(a) if isinstance(a, np.ndarray) else a
        b = to_exact(b) if isinstance(b, np.ndarray) else b
        if isinstance(b, np.ndarray):
            return np.vectorize(lambda p, q: divide(p, q), otypes=[object])(a, b)
        return _elementwise(lambda p: divide(p, b), a)
    if isinstance(a, (float, np.floating)) or isinstance(b, (float, np.floating)):
        return a / b  # an infinity (written \infty) divides as a float; float_in reports it where stored
    if b == 0:
        raise ZeroDivisionError("division by zero")
    if type(a) in (int, Fraction) and type(b) in (int, Fraction):
        return Fraction(a) / Fraction(b)
    return _number(a, "a quotient") / _number(b, "a quotient")


def _sympy_value(name: str, fn: Callable[[Any], Any], x: Any) -> Fraction:
    """``fn(x)`` by sympy when it is rational (``exp(0)``, ``cos(0)``), else :class:`NotExact`.

    Of a non-zero algebraic number these functions are transcendental (Lindemann–Weierstrass):
    an exact run has no value for them.
    """
    value = fn(to_sympy(_number(x, f"\\{name}")))
    if value.is_Rational:
        return Fraction(int(value.p), int(value.q))
    raise NotExact(f"\\{name} of {_show(x)} is not algebraic ({sympy_latex(value)})")


def _show(x: Any) -> str:
    """An exact value for a message: a rational as ``3/2``, a root in LaTeX (``\\sqrt{2}``, never ``2**(1/3)``)."""
    if isinstance(x, Fraction):
        return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"
    if type(x) is Surd or type(x) is Algebraic:
        return sympy_latex(x.to_sympy())
    return str(x)


def square_root(x: Any) -> Any:
    """``\\sqrt{x}`` exactly: ``\\sqrt{9/4} = 3/2``, ``\\sqrt{2}`` a Surd; of a negative number, :class:`NotExact`."""
    return _elementwise(lambda v: sqrt(_number(v, "\\sqrt")), x)


def power(base: Any, exp: Any) -> Any:
    """``base^{exp}`` exactly: integer exponents (matrix powers too), and roots (``2^{1/2}``, ``a^{3/2}``)."""
    if isinstance(exp, (float, np.floating)) and float(exp).is_integer():
        exp = int(exp)
    if isinstance(exp, Fraction) and exp.denominator == 1:
        exp = exp.numerator
    if isinstance(exp, (int, np.integer)) and not isinstance(exp, bool):
        n = int(exp)
        if getattr(base, "ndim", 0) == 2:
            _check_power(base, n)
            return np.linalg.matrix_power(to_exact(base), n)
        return _elementwise(lambda b: _integer_power(_number(b, "a power"), n), base)
    e = _rational(_number(exp, "an exponent"))
    if e is None:
        return _elementwise(lambda b: _irrational_power(_number(b, "a power"), exp), base)
    return _elementwise(lambda b: _integer_power(root(_number(b, "a power"), e.denominator), e.numerator), base)


def _integer_power(b: Any, n: int) -> Any:
    _check_power(b, n)
    if n < 0:
        if b == 0:
            raise ZeroDivisionError("division by zero")
        return (Fraction(b) if type(b) is int else b) ** n
    return b**n


def _irrational_power(b: Any, e: Any) -> Any:
    """``b^{e}`` for an irrational algebraic ``e``: 0 or 1 of 0 and 1; otherwise transcendental (Gelfond–Schneider)."""
    if b == 1 or (b == 0 and sign(e) > 0):
        return b
    raise NotExact(f"{_show(b)} to the power {_show(e)} is not algebraic")


def _check_power(b: Any, n: int) -> None:
    """Refuse ``b^n`` whose numerator or denominator would pass :data:`MAX_DIGITS` before computing it."""
    bits = max((_bits(v) for v in (b.flat if isinstance(b, np.ndarray) else (b,))), default=0)
    if abs(n) > 1 and bits * abs(n) > _MAX_BITS:
        raise NotExact(f"its exact value would have about {bits * abs(n) * 0.30103:,.0f} digits{_LIMIT}")


def norm(x: Any, order: Any = 2) -> Any:
    """``\\lVert x \\rVert``: the 1- and ∞-norms, and the 2-norm (the exact root of a sum of squares)."""
    a = np.asarray(x, dtype=object)
    if order == 1 and a.ndim <= 1:
        return sum((abs(v) for v in a.ravel()), Fraction(0))
    if order == np.inf and a.ndim <= 1:
        return max(abs(v) for v in a.ravel())
    if order in (2, "fro") and (a.ndim <= 1 or order == "fro"):
        return sqrt(sum((_number(v, "a norm") ** 2 for v in a.ravel()), Fraction(0)))
    raise NotExact("this norm of a matrix has no exact value here")


def inverse(x: Any) -> Any:
    """``A^{-1}`` by exact Gauss–Jordan elimination; of a scalar, ``1/x``."""
    if getattr(x, "ndim", 0) != 2:
        return divide(1, x)
    n, m = x.shape
    if n != m:
        raise ValueError(f"a {n}×{m} matrix has no inverse: it is not square")
    rows = [[_number(v, "an inverse") for v in row] + [int(i == j) for j in range(n)] for i, row in enumerate(x)]
    for col in range(n):
        pivot = next((r for r in range(col, n) if rows[r][col] != 0), None)
        if pivot is None:
            raise ZeroDivisionError("singular matrix")
        rows[col], rows[pivot] = rows[pivot], rows[col]
        head = rows[col][col]
        rows[col] = [divide(v, head) for v in rows[col]]
        for r in range(n):
            factor = rows[r][col]
            if r != col and factor != 0:
                rows[r] = [v - factor * w for v, w in zip(rows[r], rows[col])]
    return np.array([row[n:] for row in rows], dtype=object)


def determinant(x: Any) -> Any:
    """``\\det A`` exactly, by elimination (the product of the pivots)."""
    a = np.asarray(x, dtype=object)
    if a.ndim != 2 or a.shape[0] != a.shape[1]:
        raise ValueError(f"the determinant of a {'×'.join(map(str, a.shape))} array: it is not a square matrix")
    rows, det = [[_number(v, "a determinant") for v in row] for row in a], Fraction(1)
    for col in range(len(rows)):
        pivot = next((r for r in range(col, len(rows)) if rows[r][col] != 0), None)
        if pivot is None:
            return Fraction(0)
        if pivot != col:
            rows[col], rows[pivot], det = rows[pivot], rows[col], -det
        head = rows[col][col]
        det = det * head
        for r in range(col + 1, len(rows)):
            factor = divide(rows[r][col], head)
            if factor != 0:
                rows[r] = [v - factor * w for v, w in zip(rows[r], rows[col])]
    return det


def _sympy_function(name: str) -> Callable[[Any], Any]:
    def exact(x: Any) -> Any:
        import sympy

        return _elementwise(lambda v: _sympy_value(name, getattr(sympy, _SYMPY_NAMES.get(name, name)), v), x)

    return exact


_SYMPY_NAMES = {"arcsin": "asin", "arccos": "acos", "arctan": "atan", "ln": "log"}


def _size(value: Any) -> int:
    if isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_)) and value >= 0:
        return int(value)
    if type(value) is Fraction and value.denominator == 1 and value >= 0:
        return value.numerator
    raise ValueError(f"a size of {_show(value)}: not a whole number ≥ 0")


def _filled(value: int) -> Callable[..., np.ndarray]:
    """``\\operatorname{zeros}(m, n)``, ``\\operatorname{ones}(n)``: exact integers (object arrays)."""

    def filled(*sizes: Any) -> np.ndarray:
        return np.full(tuple(_size(s) for s in sizes), value, dtype=object)

    return filled


def _mean(x: Any) -> Any:
    a = np.asarray(x, dtype=object).ravel()
    if a.size == 0:
        raise ValueError("the mean of no values")
    return divide(sum(a, Fraction(0)), a.size)


def _variance(x: Any) -> Any:
    a = np.asarray(x, dtype=object).ravel()
    mu = _mean(a)
    return divide(sum(((v - mu) ** 2 for v in a), Fraction(0)), a.size)


#: The functions of :data:`~algoverify.math.functions.FUNCTIONS` that have an exact version; the
#: others keep their float implementation, and a float they return is reported where it is stored.
FUNCTIONS: dict[str, Callable[..., Any]] = {
    **{name: _sympy_function(name) for name in "exp log ln sin cos tan sinh cosh tanh arcsin arccos arctan".split()},
    "sqrt": square_root,
    "abs": lambda x: _elementwise(abs, x),
    "sign": lambda x: _elementwise(lambda v: sign(_number(v, "\\operatorname{sign}")), x),
    "norm": norm,
    "det": determinant,
    "mean": _mean,
    "var": _variance,
    "std": lambda x: sqrt(_variance(x)),
    "zeros": _filled(0),
    "ones": _filled(1),
}

#: The most decimal digits a numerator or denominator of an exact run may have. A rational
#: Newton step doubles them at each pass: past this, a run would spend minutes inside one
#: statement, out of reach of the step and time budgets.
MAX_DIGITS = MAX_INT_DIGITS
_MAX_BITS = int(MAX_DIGITS * 3.3219280948873626)
_LIMIT = f", past the {MAX_DIGITS:,} digits an exact run carries"


def _bits(v: Any) -> int:
    if type(v) is Fraction:
        return max(v.numerator.bit_length(), v.denominator.bit_length())
    if type(v) is int:
        return v.bit_length()
    if type(v) is Surd:
        return max(
            max(c.numerator.bit_length(), c.denominator.bit_length(), k.bit_length()) for k, c in v.terms.items()
        )
    return 0


def too_large(value: Any) -> str | None:
    """What is too large to carry in ``value`` (a number past :data:`MAX_DIGITS`), or ``None``."""
    if isinstance(value, np.ndarray):
        if value.dtype != object:
            return None
        bits = max((_bits(v) for v in value.flat), default=0)
    elif isinstance(value, (list, tuple)):
        found = (too_large(v) for v in value)
        return next((f for f in found if f is not None), None)
    else:
        bits = _bits(value)
    if bits > _MAX_BITS:
        return f"its exact value has about {bits * 0.30103:,.0f} digits{_LIMIT}"
    return None


def float_in(value: Any) -> str | None:
    """A description of the first float inside ``value`` (``None``: there is none)."""
    if isinstance(value, (float, np.floating)):
        # an infinity is one the listing wrote (\infty, a minimum's start): not a rounded value
        return f"the float {float(value)!r}" if np.isfinite(value) else None
    if isinstance(value, np.ndarray):
        if value.dtype.kind in "fc":
            return f"a {value.dtype} array"
        if value.dtype == object:
            for v in value.flat:
                found = float_in(v)
                if found is not None:
                    return found
        return None
    if isinstance(value, (list, tuple)):
        for v in value:
            found = float_in(v)
            if found is not None:
                return found
    return None


def as_float(value: Any) -> Any:
    """An exact value as the nearest floats (to show beside the float run's)."""
    if is_exact(value):
        return float(value)
    if isinstance(value, np.ndarray) and value.dtype == object:
        try:
            return value.astype(float)
        except (TypeError, ValueError):
            return value
    if isinstance(value, tuple):
        return tuple(as_float(v) for v in value)
    return value
