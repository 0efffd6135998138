"""Real algebraic numbers for exact runs: roots of rationals, and everything computed from them.

In: rationals (``int``, :class:`~fractions.Fraction`) and :class:`~.surds.Surd` values.
Out: :func:`sqrt` and :func:`root` of any exact value, :class:`Algebraic` for a value that is
not a sum of square roots of rationals (a nested root ``√(1 + √2)`` that does not denest, a cube
root), :func:`sign` of any exact value, and the sympy form of each (:func:`to_sympy`), which is
how a run's exact outputs print (``sqrt(2)/2``).

An :class:`Algebraic` is a sympy expression built from ``Rational``\\ s only (never from text),
expanded after each operation and brought back to a :class:`~.surds.Surd` or a ``Fraction``
whenever it becomes one. Zero is decided by its minimal polynomial, a sign by enclosures over the
expression's tree that tighten until they leave zero. Where sympy cannot decide, or the value
grows past :data:`MAX_NODES`, :class:`~.surds.NotExact` says so: nothing is rounded.
"""

from __future__ import annotations

from fractions import Fraction
from numbers import Rational
from typing import Any

import numpy as np

from .latex import sympy_latex
from .surds import Box, NotExact, Surd, decide_sign, floor_of, nearest_float, scaled, sqrt_rational

__all__ = ["Algebraic", "EXACT_TYPES", "is_exact", "sqrt", "root", "sign", "to_sympy", "from_sympy", "MAX_NODES"]

#: The most nodes an :class:`Algebraic` expression may have: past it, each operation (and the
#: minimal polynomial that decides zero) would cost more than a run's budget can stop.
MAX_NODES = 400

_RATIONAL = (int, Fraction)


def sign(x: Any) -> int:
    """``-1``, ``0`` or ``1``: the exact sign of a rational, a :class:`~.surds.Surd` or an :class:`Algebraic`."""
    if type(x) is Surd or type(x) is Algebraic:
        return x.sign()
    return (x > 0) - (x < 0)


def _show(x: Any) -> str:
    """An exact value for a message: a rational as ``3/2``, a root in LaTeX (``\\sqrt{2}``, never ``2**(1/3)``)."""
    if isinstance(x, Fraction):
        return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"
    if type(x) is Surd or type(x) is Algebraic:
        return sympy_latex(x.to_sympy())
    return str(x)


def sqrt(x: Any) -> Any:
    """``√x`` exactly: a ``Fraction`` of a rational square, a Surd of another rational, else a nested root.

    The root of a Surd is denested when it is one (``√(3 + 2√2) = 1 + √2``): sympy proposes, and
    the proposal is kept only when it squares back to ``x`` exactly. Otherwise the root stays
    nested, an :class:`Algebraic` (sympy's denesting of deeper roots brings in roots of negative
    numbers, and time).
    """
    if isinstance(x, _RATIONAL):
        return sqrt_rational(x)
    s = sign(x)
    if s <= 0:
        if s == 0:
            return Fraction(0)
        raise NotExact(f"\\sqrt of a negative number ({_show(x)})")
    import sympy

    root = sympy.sqrt(to_sympy(x))
    if type(x) is Surd:
        denested = _as_surd(sympy.sqrtdenest(root))
        if denested is not None and sign(denested) > 0 and denested * denested == x:
            return denested
    return _nested(root)


def _nested(e: Any) -> Algebraic:
    if _size(e) > MAX_NODES:
        raise NotExact(f"the exact value grew past {MAX_NODES} operations (a nested root in a loop?)")
    return Algebraic(e)


def root(x: Any, n: int) -> Any:
    """The real ``n``-th root of ``x ≥ 0`` (``n ≥ 2``), exactly."""
    if n == 2:
        return sqrt(x)
    s = sign(x)
    if s <= 0:
        if s == 0:
            return Fraction(0)
        raise NotExact(f"a root of a negative number ({_show(x)})")
    import sympy

    return from_sympy(sympy.root(to_sympy(x), n))  # a rational n-th power comes back rational


def to_sympy(x: Any) -> Any:
    """The sympy number of an exact value, built from integers only (never from text)."""
    import sympy

    if type(x) is Surd or type(x) is Algebraic:
        return x.to_sympy()
    if isinstance(x, (bool, np.bool_)) or not isinstance(x, Rational):
        raise NotExact(f"{x!r} is not an exact number")
    q = Fraction(int(x)) if isinstance(x, np.integer) else Fraction(x)
    return sympy.Rational(q.numerator, q.denominator)


def from_sympy(e: Any) -> Any:
    """The exact value of a sympy number: a ``Fraction``, a :class:`Surd` when it is one, else an :class:`Algebraic`."""
    if e.is_Rational:
        return Fraction(int(e.p), int(e.q))
    surd = _as_surd(e)
    return surd if surd is not None else _nested(e)


def _as_surd(e: Any) -> Any:
    """The value of ``e`` when it is a sum of rationals times square roots of integers, else ``None``."""
    import sympy

    total: Any = Fraction(0)
    for term in e.args if e.is_Add else (e,):
        c, rest = term.as_coeff_Mul()
        if not c.is_Rational:
            return None
        coef = Fraction(int(c.p), int(c.q))
        if rest == 1:
            total = total + coef
        elif rest.is_Pow and rest.base.is_Integer and rest.base > 0 and rest.exp is sympy.S.Half:
            total = total + coef * sqrt_rational(int(rest.base))
        else:
            return None
    return total


def _size(e: Any) -> int:
    """The nodes of ``e``, counted up to just past :data:`MAX_NODES`."""
    count, stack = 0, [e]
    while stack and count <= MAX_NODES:
        node = stack.pop()
        count += 1
        stack.extend(node.args)
    return count


def _mixed(a: Any, b: Any, op: str) -> Any:
    """``a op b`` where one side is an :class:`Algebraic` (``NotImplemented`` with what is not an exact number)."""
    try:
        x, y = to_sympy(a), to_sympy(b)
    except NotExact:
        if isinstance(a, (float, np.floating)) or isinstance(b, (float, np.floating)):
            raise NotExact("a float inside an exact run") from None
        return NotImplemented
    if op == "/":
        if sign(b) == 0:
            raise ZeroDivisionError("division by zero")
        import sympy

        return _settle(sympy.radsimp(x / y))
    if op == "*":  # √a √b = √(a b): every root here is of a positive number
        import sympy

        return _settle(sympy.powdenest(x * y, force=True))
    return _settle(x + y if op == "+" else x - y)


def _settle(e: Any) -> Any:
    import sympy

    return from_sympy(sympy.expand(e))


class Algebraic:
    """A real algebraic number that is not a :class:`Surd`: a sympy expression over ``Rational``\\ s.

    Built by :func:`sqrt` and :func:`root` only (a nested root, a cube root); expanded after each
    operation, and returned as a :class:`Surd` or a ``Fraction`` whenever it becomes one.
    """

    __slots__ = ("expr",)

    def __init__(self, expr: Any) -> None:
        self.expr = expr

    def __add__(self, other: Any) -> Any:
        return _mixed(self, other, "+")

    def __radd__(self, other: Any) -> Any:
        return _mixed(other, self, "+")

    def __sub__(self, other: Any) -> Any:
        return _mixed(self, other, "-")

    def __rsub__(self, other: Any) -> Any:
        return _mixed(other, self, "-")

    def __mul__(self, other: Any) -> Any:
        return _mixed(self, other, "*")

    def __rmul__(self, other: Any) -> Any:
        return _mixed(other, self, "*")

    def __truediv__(self, other: Any) -> Any:
        return _mixed(self, other, "/")

    def __rtruediv__(self, other: Any) -> Any:
        return _mixed(other, self, "/")

    def __neg__(self) -> Algebraic:
        return Algebraic(-self.expr)

    def __pos__(self) -> Algebraic:
        return self

    def __pow__(self, n: Any) -> Any:
        if isinstance(n, Fraction) and n.denominator == 1:
            n = n.numerator
        if not isinstance(n, int) or isinstance(n, bool):
            return NotImplemented
        if n < 0 and self.sign() == 0:
            raise ZeroDivisionError("division by zero")
        import sympy

        return _settle(sympy.radsimp(self.expr**n) if n < 0 else self.expr**n)

    def __abs__(self) -> Any:
        return -self if self.sign() < 0 else self

    def conjugate(self) -> Algebraic:
        """Itself: a real number (NumPy's ``vdot`` asks for it)."""
        return self

    @property
    def real(self) -> Algebraic:
        """Itself: a real number."""
        return self

    @property
    def imag(self) -> int:
        """0: a real number."""
        return 0

    def sign(self) -> int:
        """The exact sign: an enclosure that leaves zero, or the minimal polynomial ``x`` for zero."""
        box = _enclose_expr(self.expr, 64)
        if box is not None and (box[0] > 0 or box[1] < 0):
            return 1 if box[0] > 0 else -1
        if self._is_zero():
            return 0
        return decide_sign(lambda bits: _enclose_expr(self.expr, bits), 128)

    def _is_zero(self) -> bool:
        import sympy
        from sympy.polys.polyerrors import NotAlgebraic as SympyNotAlgebraic

        x = sympy.Dummy("x")
        try:
            return sympy.minimal_polynomial(self.expr, x) == x
        except (SympyNotAlgebraic, NotImplementedError) as exc:
            raise NotExact(f"sympy cannot decide whether {self.expr} is zero ({exc})") from exc

    def _versus(self, other: Any) -> int | None:
        """The sign of ``self - other`` (``None``: ``other`` is not a number to compare with)."""
        if isinstance(other, (float, np.floating)):
            if other != other:
                return None
            if other in (float("inf"), float("-inf")):
                return -1 if other > 0 else 1
            other = Fraction(float(other))
        d = _mixed(self, other, "-")
        return None if d is NotImplemented else sign(d)

    def __eq__(self, other: Any) -> Any:
        s = self._versus(other)
        return NotImplemented if s is None else s == 0

    def __ne__(self, other: Any) -> Any:
        s = self._versus(other)
        return NotImplemented if s is None else s != 0

    def __lt__(self, other: Any) -> Any:
        s = self._versus(other)
        return NotImplemented if s is None else s < 0

    def __le__(self, other: Any) -> Any:
        s = self._versus(other)
        return NotImplemented if s is None else s <= 0

    def __gt__(self, other: Any) -> Any:
        s = self._versus(other)
        return NotImplemented if s is None else s > 0

    def __ge__(self, other: Any) -> Any:
        s = self._versus(other)
        return NotImplemented if s is None else s >= 0

    def __hash__(self) -> int:
        return _IRRATIONAL_HASH

    def __bool__(self) -> bool:
        return self.sign() != 0

    def __float__(self) -> float:
        if self.sign() == 0:
            return 0.0
        return nearest_float(lambda bits: _enclose_expr(self.expr, bits), 64)

    def __floor__(self) -> int:
        whole = self._whole()
        return whole if whole is not None else floor_of(lambda bits: _enclose_expr(self.expr, bits), 64)

    def __ceil__(self) -> int:
        whole = self._whole()
        return whole if whole is not None else floor_of(lambda bits: _enclose_expr(self.expr, bits), 64) + 1

    def _whole(self) -> int | None:
        """The integer this value is, when it is one (an Algebraic equal to an integer has not denested)."""
        box = _enclose_expr(self.expr, 64)
        if box is None:
            return None
        n = (box[0] + (1 << 63)) >> 64  # the integer nearest the enclosure
        return n if sign(self - n) == 0 else None

    def to_sympy(self) -> Any:
        """The sympy expression this value is."""
        return self.expr

    def __str__(self) -> str:
        return str(self.expr)

    __repr__ = __str__

    def __format__(self, spec: str) -> str:
        return format(float(self), spec) if spec else str(self)


EXACT_TYPES = (Fraction, Surd, Algebraic)


_IRRATIONAL_HASH = hash("an irrational algebraic number")


def is_exact(x: Any) -> bool:
    """Whether ``x`` is an exact number of an exact run that is not an ``int``: a Fraction, Surd or Algebraic."""
    return type(x) in EXACT_TYPES


def _enclose_expr(e: Any, bits: int) -> Box | None:
    """Integers ``lo ≤ e·2^bits ≤ hi`` for a sympy expression of rationals, sums, products and roots.

    ``None`` when the precision is too coarse (a denominator's enclosure holds zero).
    """
    if e.is_Rational:
        return scaled(Fraction(int(e.p), int(e.q)), bits)
    if e.is_Add:
        lo = hi = 0
        for a in e.args:
            box = _enclose_expr(a, bits)
            if box is None:
                return None
            lo, hi = lo + box[0], hi + box[1]
        return lo, hi
    if e.is_Mul:
        acc: Box | None = (1 << bits, 1 << bits)
        for a in e.args:
            box = _enclose_expr(a, bits)
            if box is None or acc is None:
                return None
            acc = _times(acc, box, bits)
        return acc
    if e.is_Pow and e.exp.is_Rational:
        base = _enclose_expr(e.base, bits)
        if base is None:
            return None
        p, q = int(e.exp.p), int(e.exp.q)
        if q != 1:
            if base[0] < 0:
                return None
            base = (_iroot(base[0] << (bits * (q - 1)), q), _iroot(base[1] << (bits * (q - 1)), q) + 1)
        if p < 0:  # 1/x: 2^(2 bits) / (x 2^bits), rounded outwards
            if base[0] <= 0 <= base[1]:
                return None
            one = 1 << (2 * bits)
            base, p = (min(one // base[0], one // base[1]), max(-(-one // base[0]), -(-one // base[1]))), -p
        out = (1 << bits, 1 << bits)
        for _ in range(p):
            out = _times(out, base, bits)
        return out
    raise NotExact(f"{e} is not built from rationals by sums, products and roots")


def _times(a: Box, b: Box, bits: int) -> Box:
    ends = (a[0] * b[0], a[0] * b[1], a[1] * b[0], a[1] * b[1])
    return min(ends) >> bits, -(-max(ends) >> bits)


def _iroot(n: int, q: int) -> int:
    """⌊n^(1/q)⌋ of an integer n ≥ 0."""
    if n < 2:
        return n
    x = 1 << -(-n.bit_length() // q)  # ≥ the root
    while True:
        y = ((q - 1) * x + n // x ** (q - 1)) // q
        if y >= x:
            return x
        x = y
