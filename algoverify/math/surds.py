"""Sums of square roots for exact runs: ``a + b√2 + c√6 …`` with rational coefficients, exactly.

In: rationals (``int``, :class:`~fractions.Fraction`). Out: :class:`Surd`, the value of a square
root of a rational that is not a square (:func:`sqrt_rational`) and of sums, products, quotients
and integer powers of such roots; comparisons of them, decided exactly.

This is the form Gram–Schmidt, Householder, Cholesky, Givens and conjugate gradient on rational
matrices compute in. Each root is kept once: no two radicands differ by a square factor (``√8``
is ``2√2``; a product of roots multiplies radicands, ``√2 √6 = 2√3``), so a value has one form
and equality is exact (square roots of distinct square-free integers are linearly independent
over the rationals). A quotient rationalises its denominator by conjugates. A sign is decided by
enclosing the value between integers at a precision that doubles until the enclosure leaves
zero, which it does, because a Surd is never zero: nothing is decided by a float.

Arithmetic is plain Python on ``Fraction``\\ s (no sympy: it is imported only to print a value).
Radicands are not factored (a 40-digit one could take minutes): squares of primes below 1000 are
taken out, and two radicands whose product is a square are merged into one. Imports nothing of
algoverify's: :mod:`.ops` compares these values.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from math import gcd, isqrt
from typing import Any, Callable

import numpy as np

__all__ = ["Surd", "NotExact", "sqrt_rational", "Box", "decide_sign", "nearest_float", "floor_of", "scaled"]


class NotExact(ArithmeticError):
    """A value with no exact form (a negative radicand, ``\\exp 1``), or a decision that cannot be made exactly."""


#: The finest precision (bits after the point) an enclosure is refined to before giving up.
MAX_BITS = 1 << 16

#: ``(lo, hi)``: integers with ``lo ≤ x·2^bits ≤ hi`` (``None``: the precision is too coarse to say)
Box = tuple[int, int]

_RATIONAL = (int, Fraction)


def _primes(limit: int) -> tuple[int, ...]:
    sieve = bytearray([1]) * (limit + 1)
    sieve[:2] = b"\x00\x00"
    for p in range(2, isqrt(limit) + 1):
        if sieve[p]:
            sieve[p * p :: p] = bytearray(len(sieve[p * p :: p]))
    return tuple(p for p in range(3, limit + 1) if sieve[p])


#: odd primes whose squares are taken out of a radicand (2's by its trailing zero bits)
_ODD_PRIMES = _primes(1000)


@lru_cache(maxsize=8192)
def _reduce(n: int) -> tuple[int, int]:
    """``n = s² k``: ``(s, k)`` with the squares of small primes and a square cofactor taken out of ``k``.

    ``k`` may keep the square of a prime past 1000 (factoring is not done); :func:`_insert`
    merges such a radicand with its equal one by testing products for squares.
    """
    r = isqrt(n)
    if r * r == n:
        return r, 1
    s = 1
    twos = (n & -n).bit_length() - 1
    if twos > 1:
        n >>= twos - twos % 2
        s <<= twos // 2
    for p in _ODD_PRIMES:
        pp = p * p
        if pp > n:
            break
        while n % pp == 0:
            n //= pp
            s *= p
    r = isqrt(n)
    return (s * r, 1) if r * r == n else (s, n)


def _insert(out: dict[int, Fraction], key: int, coef: Fraction) -> None:
    """Add ``coef √key`` to ``out``, merged with the term of an equal root (``key · k`` a square)."""
    if key in out:
        out[key] += coef
        return
    if key != 1:
        for k in out:
            if k != 1:
                r = isqrt(key * k)
                if r * r == key * k:  # √key = (r / k) √k
                    out[k] += coef * Fraction(r, k)
                    return
    out[key] = coef


def _make(out: dict[int, Fraction]) -> Any:
    """The value of ``out``: a ``Fraction`` when no root is left, else a :class:`Surd`."""
    terms = {k: c for k, c in out.items() if c}
    if not any(k != 1 for k in terms):
        return terms.get(1, Fraction(0))
    return Surd(terms)


def _terms(x: Any) -> dict[int, Fraction] | None:
    """The terms of an ``int``, a ``Fraction`` or a :class:`Surd`; ``None`` for anything else."""
    if type(x) is Surd:
        return x.terms
    if isinstance(x, _RATIONAL) and not isinstance(x, bool):
        return {1: Fraction(x)} if x else {}
    if isinstance(x, np.integer):
        return {1: Fraction(int(x))} if x else {}
    return None


def _is_float(x: Any) -> bool:
    return isinstance(x, (float, np.floating))


def _product(a: dict[int, Fraction], b: dict[int, Fraction]) -> dict[int, Fraction]:
    out: dict[int, Fraction] = {}
    for k1, c1 in a.items():
        for k2, c2 in b.items():
            if k1 == 1 or k2 == 1:
                _insert(out, k1 * k2, c1 * c2)
            elif k1 == k2:
                _insert(out, 1, c1 * c2 * k1)
            else:
                g = gcd(k1, k2)
                s, k = _reduce((k1 // g) * (k2 // g))
                _insert(out, k, c1 * c2 * (g * s))
    return out


def _odd_power(k: int, b: int) -> bool:
    """Whether ``b`` divides ``k`` an odd number of times."""
    odd = False
    while k % b == 0:
        k //= b
        odd = not odd
    return odd


def _coprime_base(numbers: list[int]) -> list[int]:
    """Pairwise coprime integers > 1 of which each of ``numbers`` is a product (by gcds, no factoring)."""
    base: list[int] = []
    todo = list(numbers)
    while todo:
        x = todo.pop()
        if x == 1:
            continue
        for i, b in enumerate(base):
            g = gcd(x, b)
            if g > 1:
                base.pop(i)
                todo.extend((b // g, g, x // g))
                break
        else:
            base.append(x)
    return base


def _inverse(terms: dict[int, Fraction]) -> dict[int, Fraction]:
    """``1 / y`` for a non-zero ``y``, its denominator made rational by conjugates.

    The radicands are products of pairwise coprime numbers ``b`` (a coprime base); changing the
    sign of ``√b`` is an automorphism of the field, and ``y`` times its conjugate has no ``√b``
    left. One conjugate per ``b``, and ``y`` is rational.
    """
    if len(terms) == 1:  # c √k: 1 / (c √k) = √k / (c k)
        ((k, c),) = terms.items()
        return {k: 1 / (c * k)}
    num: dict[int, Fraction] = {1: Fraction(1)}
    y = terms
    for b in _coprime_base([k for k in terms if k != 1]):
        r = isqrt(b)
        if r * r == b or not any(_odd_power(k, b) for k in y):
            continue
        conjugate = {k: (-c if _odd_power(k, b) else c) for k, c in y.items()}
        y, num = _product(y, conjugate), _product(num, conjugate)
        y = {k: c for k, c in y.items() if c}
    if set(y) != {1}:  # cannot happen: the base covers every radicand
        raise NotExact("could not rationalise a denominator")
    d = y[1]
    return {k: c / d for k, c in num.items()}


class Surd:
    """``a + b√2 + c√6 …``: a real number with rational coefficients on square roots of integers.

    Immutable. Never rational: an operation whose result has no root left returns a ``Fraction``.
    Mixes with ``int`` and ``Fraction`` on either side; any other number answers the operation itself
    (an :class:`~.algebraic.Algebraic`), and a float is refused (:class:`NotExact`).
    """

    __slots__ = ("terms",)

    terms: dict[int, Fraction]

    def __init__(self, terms: dict[int, Fraction]) -> None:
        self.terms = terms  # radicand (1: the rational part) → non-zero coefficient

    # arithmetic

    def __add__(self, other: Any) -> Any:
        b = _terms(other)
        if b is None:
            return _other(other)
        out = dict(self.terms)
        for k, c in b.items():
            _insert(out, k, c)
        return _make(out)

    __radd__ = __add__

    def __neg__(self) -> Surd:
        return Surd({k: -c for k, c in self.terms.items()})

    def __pos__(self) -> Surd:
        return self

    def __sub__(self, other: Any) -> Any:
        b = _terms(other)
        if b is None:
            return _other(other)
        out = dict(self.terms)
        for k, c in b.items():
            _insert(out, k, -c)
        return _make(out)

    def __rsub__(self, other: Any) -> Any:
        return (-self).__add__(other)

    def __mul__(self, other: Any) -> Any:
        b = _terms(other)
        if b is None:
            return _other(other)
        return _make(_product(self.terms, b))

    __rmul__ = __mul__

    def __truediv__(self, other: Any) -> Any:
        b = _terms(other)
        if b is None:
            return _other(other)
        if not b:
            raise ZeroDivisionError("division by zero")
        return _make(_product(self.terms, _inverse(b)))

    def __rtruediv__(self, other: Any) -> Any:
        a = _terms(other)
        if a is None:
            return _other(other)
        return _make(_product(a, _inverse(self.terms)))

    def __pow__(self, n: Any) -> Any:
        if not (isinstance(n, int) and not isinstance(n, bool)):
            if isinstance(n, Fraction) and n.denominator == 1:
                n = n.numerator
            else:
                return NotImplemented
        base = self.terms if n >= 0 else _inverse(self.terms)
        out: dict[int, Fraction] = {1: Fraction(1)}
        n = abs(n)
        while n:
            if n & 1:
                out = _product(out, base)
            n >>= 1
            if n:
                base = _product(base, base)
        return _make(out)

    def __abs__(self) -> Surd:
        return -self if self.sign() < 0 else self

    def conjugate(self) -> Surd:
        """Itself: a real number (NumPy's ``vdot`` asks for it)."""
        return self

    @property
    def real(self) -> Surd:
        """Itself: a real number."""
        return self

    @property
    def imag(self) -> int:
        """0: a real number."""
        return 0

    # comparisons: exact, by the sign of the difference

    def sign(self) -> int:
        """``1`` or ``-1`` (a Surd is never zero), decided by enclosures that tighten until they leave 0."""
        return decide_sign(lambda bits: _enclose_terms(self.terms, bits), self._start())

    def _start(self) -> int:
        return 64 + max(c.denominator.bit_length() for c in self.terms.values())

    def __eq__(self, other: Any) -> Any:
        return _equal(self, other)

    def __ne__(self, other: Any) -> Any:
        eq = _equal(self, other)
        return eq if eq is NotImplemented else not eq

    def __lt__(self, other: Any) -> Any:
        return _compare(self, other, lambda s: s < 0)

    def __le__(self, other: Any) -> Any:
        return _compare(self, other, lambda s: s <= 0)

    def __gt__(self, other: Any) -> Any:
        return _compare(self, other, lambda s: s > 0)

    def __ge__(self, other: Any) -> Any:
        return _compare(self, other, lambda s: s >= 0)

    def __hash__(self) -> int:
        return _IRRATIONAL_HASH  # equal values may keep different radicands (an unfactored square)

    def __bool__(self) -> bool:
        return True

    # conversions

    def __float__(self) -> float:
        return nearest_float(lambda bits: _enclose_terms(self.terms, bits), self._start())

    def __floor__(self) -> int:
        return floor_of(lambda bits: _enclose_terms(self.terms, bits), self._start())

    def __ceil__(self) -> int:
        return floor_of(lambda bits: _enclose_terms(self.terms, bits), self._start()) + 1  # never an integer

    def to_sympy(self) -> Any:
        """The same number in sympy, built from integers (``sqrt(2)/2``)."""
        import sympy

        return sympy.Add(
            *(
                sympy.Rational(c.numerator, c.denominator) * (sympy.sqrt(sympy.Integer(k)) if k != 1 else 1)
                for k, c in sorted(self.terms.items())
            )
        )

    def __str__(self) -> str:
        return str(self.to_sympy())

    __repr__ = __str__

    def __format__(self, spec: str) -> str:
        return format(float(self), spec) if spec else str(self)

    def __reduce__(self) -> Any:
        return (Surd, (self.terms,))


_IRRATIONAL_HASH = hash("an irrational algebraic number")


def _equal(a: Any, other: Any) -> Any:
    if _is_float(other):
        return False if other != other or other in (float("inf"), float("-inf")) else _equal(a, Fraction(other))
    if _terms(other) is None:
        return NotImplemented
    d = a - other
    return type(d) is not Surd and d == 0  # a Surd is never zero


def _compare(a: Any, other: Any, test: Callable[[int], bool]) -> Any:
    if _is_float(other):
        if other != other:
            return False
        if other in (float("inf"), float("-inf")):
            return test(-1 if other > 0 else 1)
        other = Fraction(other)
    if _terms(other) is None:
        return NotImplemented
    d = a - other
    return test(d.sign() if type(d) is Surd else (d > 0) - (d < 0))


def _other(other: Any) -> Any:
    """An operation with what is not a rational or a Surd: a float is refused, else ``NotImplemented``."""
    if _is_float(other):
        raise NotExact("a float inside an exact run")
    return NotImplemented


# --- enclosures: lo ≤ x·2^bits ≤ hi, in integers ----------------------------------------------------


def scaled(q: Fraction, bits: int) -> Box:
    """The enclosure of a rational: ``q·2^bits`` rounded down and up."""
    n = q.numerator << bits
    return n // q.denominator, -(-n // q.denominator)


def _enclose_terms(terms: dict[int, Fraction], bits: int) -> tuple[int, int]:
    lo = hi = 0
    for k, c in terms.items():
        if k == 1:
            a, b = scaled(c, bits)
        else:
            r = isqrt(k << (2 * bits))  # r ≤ √k·2^bits < r + 1
            n, d = c.numerator, c.denominator
            a, b = (n * r // d, -(-n * (r + 1) // d)) if n > 0 else (n * (r + 1) // d, -(-n * r // d))
        lo += a
        hi += b
    return lo, hi


def decide_sign(enclose: Callable[[int], Box | None], bits: int) -> int:
    """The sign of a value known not to be zero, from enclosures at a precision that doubles."""
    while bits <= MAX_BITS:
        box = enclose(bits)
        if box is not None:
            if box[0] > 0:
                return 1
            if box[1] < 0:
                return -1
        bits *= 2
    raise NotExact(f"its sign is not decided at {MAX_BITS} bits")


def nearest_float(enclose: Callable[[int], Box | None], bits: int) -> float:
    """The float nearest a non-zero value, from an enclosure narrower than 2^-60 of it."""
    while bits <= MAX_BITS:
        box = enclose(bits)
        if box is not None:
            lo, hi = box
            if (lo > 0 or hi < 0) and (hi - lo) << 60 <= min(abs(lo), abs(hi)):
                return float(Fraction(lo + hi, 1 << (bits + 1)))
        bits *= 2
    raise NotExact(f"its value is not found to 60 bits at {MAX_BITS} bits")


def floor_of(enclose: Callable[[int], Box | None], bits: int) -> int:
    """⌊x⌋ of an irrational x: the enclosure, tightened until it lies between two integers."""
    while bits <= MAX_BITS:
        box = enclose(bits)
        if box is not None and box[0] >> bits == box[1] >> bits:
            return box[0] >> bits
        bits *= 2
    raise NotExact(f"its integer part is not decided at {MAX_BITS} bits")


def _show(q: Fraction) -> str:
    return str(q.numerator) if q.denominator == 1 else f"{q.numerator}/{q.denominator}"


def sqrt_rational(x: Any) -> Any:
    """``√x`` of a rational: a ``Fraction`` when ``x`` is a square (``√(9/4) = 3/2``), else a :class:`Surd`."""
    q = Fraction(x)
    if q < 0:
        raise NotExact(f"\\sqrt of a negative number ({_show(q)})")
    s, k = _reduce(q.numerator * q.denominator)  # √(p/q) = √(p q) / q
    return Fraction(s, q.denominator) if k == 1 else Surd({k: Fraction(s, q.denominator)})
