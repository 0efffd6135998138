"""Exact arithmetic: the operations of compiled math over rationals (``run --exact``, ``arithmetic: exact``).

A listing compiled with ``Context(exact=True)`` evaluates its numbers as Python
:class:`~fractions.Fraction` values (object arrays of them for vectors and matrices): a decimal
literal is the rational it writes (``0.1`` is 1/10), ``/`` divides exactly, and a function
(``\\sqrt``, ``\\exp``, ``\\log`` …) is taken exactly by sympy where its value is rational
(``\\sqrt{9/4} = 3/2``, ``\\exp 0 = 1``). Where it is not, :class:`NotExact` is raised and the
compiler locates it at the node: a float never enters an exact run unnoticed.
"""

from __future__ import annotations

from fractions import Fraction
from numbers import Rational
from typing import Any, Callable

import numpy as np

__all__ = [
    "NotExact",
    "to_exact",
    "literal",
    "divide",
    "square_root",
    "power",
    "norm",
    "inverse",
    "FUNCTIONS",
    "float_in",
    "as_float",
]


class NotExact(ArithmeticError):
    """An operation whose exact value is not rational (``\\sqrt{2}``), or a float inside an exact run."""


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


def _rational(x: Any, what: str) -> Fraction:
    if isinstance(x, (bool, np.bool_)) or not isinstance(x, (Rational, np.integer)):
        raise NotExact(f"{what} of {x!r}: not a rational number (a float inside an exact run)")
    return Fraction(int(x)) if isinstance(x, np.integer) else Fraction(x)


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
    return Fraction(a) / Fraction(b)


def _sympy_value(name: str, fn: Callable[[Any], Any], x: Any) -> Fraction:
    """``fn(x)`` by sympy when it is rational (``exp(0)``, ``cos(0)``), else :class:`NotExact`."""
    import sympy

    q = _rational(x, name)
    value = fn(sympy.Rational(q.numerator, q.denominator))
    if isinstance(value, sympy.Rational):
        return Fraction(int(value.p), int(value.q))
    raise NotExact(f"\\{name} of {_show(q)} is not rational ({value})")


def _show(q: Fraction) -> str:
    return str(q.numerator) if q.denominator == 1 else f"{q.numerator}/{q.denominator}"


def _sqrt1(x: Any) -> Any:
    q = _rational(x, "\\sqrt")
    if q < 0:
        raise NotExact(f"\\sqrt of a negative number ({_show(q)})")
    from math import isqrt

    p, d = isqrt(q.numerator), isqrt(q.denominator)
    if p * p == q.numerator and d * d == q.denominator:
        return Fraction(p, d)
    raise NotExact(f"\\sqrt of a non-square ({_show(q)})")


def square_root(x: Any) -> Any:
    """``\\sqrt{x}`` of a rational square (``\\sqrt{9/4} = 3/2``); else :class:`NotExact`."""
    return _elementwise(_sqrt1, x)


def power(base: Any, exp: Any) -> Any:
    """``base^{exp}`` exactly: integer exponents (matrix powers too); a rational root only when exact."""
    if isinstance(exp, (float, np.floating)) and float(exp).is_integer():
        exp = int(exp)
    if isinstance(exp, Fraction) and exp.denominator == 1:
        exp = exp.numerator
    if isinstance(exp, (int, np.integer)) and not isinstance(exp, bool):
        if getattr(base, "ndim", 0) == 2:
            return np.linalg.matrix_power(to_exact(base), int(exp))
        return _elementwise(lambda b: Fraction(b) ** int(exp) if int(exp) < 0 else b ** int(exp), base)
    import sympy

    e = _rational(exp, "a power")
    return _elementwise(
        lambda b: _sympy_value("power", lambda s: s ** sympy.Rational(e.numerator, e.denominator), b), base
    )


def norm(x: Any, order: Any = 2) -> Any:
    """``\\lVert x \\rVert``: the 1- and ∞-norms are exact; the 2-norm is the exact root of a square."""
    a = np.asarray(x, dtype=object)
    if order == 1 and a.ndim <= 1:
        return sum((abs(v) for v in a.ravel()), Fraction(0))
    if order == np.inf and a.ndim <= 1:
        return max(abs(v) for v in a.ravel())
    if order in (2, "fro") and (a.ndim <= 1 or order == "fro"):
        return _sqrt1(sum((v * v for v in a.ravel()), Fraction(0)))
    raise NotExact("this norm of a matrix has no exact value here")


def inverse(x: Any) -> Any:
    """``A^{-1}`` by sympy's exact Gaussian elimination; of a scalar, ``1/x``."""
    if getattr(x, "ndim", 0) != 2:
        return divide(1, x)
    import sympy

    matrix = sympy.Matrix(x.shape[0], x.shape[1], lambda i, j: sympy.Rational(*_pair(x[i, j])))
    if matrix.det() == 0:
        raise ZeroDivisionError("singular matrix")
    inv = matrix.inv()
    return np.array([[Fraction(int(v.p), int(v.q)) for v in row] for row in inv.tolist()], dtype=object)


def _pair(v: Any) -> tuple[int, int]:
    q = _rational(v, "an inverse")
    return q.numerator, q.denominator


def _sympy_function(name: str) -> Callable[[Any], Any]:
    def exact(x: Any) -> Any:
        import sympy

        return _elementwise(lambda v: _sympy_value(name, getattr(sympy, _SYMPY_NAMES.get(name, name)), v), x)

    return exact


_SYMPY_NAMES = {"arcsin": "asin", "arccos": "acos", "arctan": "atan", "ln": "log"}

#: The functions of :data:`~algoverify.math.functions.FUNCTIONS` that have an exact version; the
#: others keep their float implementation, and a float they return is reported where it is stored.
FUNCTIONS: dict[str, Callable[..., Any]] = {
    **{name: _sympy_function(name) for name in "exp log ln sin cos tan sinh cosh tanh arcsin arccos arctan".split()},
    "sqrt": square_root,
    "abs": lambda x: _elementwise(abs, x),
}


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
    if isinstance(value, Fraction):
        return float(value)
    if isinstance(value, np.ndarray) and value.dtype == object:
        try:
            return value.astype(float)
        except (TypeError, ValueError):
            return value
    if isinstance(value, tuple):
        return tuple(as_float(v) for v in value)
    return value
