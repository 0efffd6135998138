"""Points where a relation fails: the search a disproof makes, inside the classes the draws come from.

A point is a small number for each symbol, inside its assumptions (positive, integer, …): the
first sets every symbol to 1, the rest are seeded small rationals. It is evaluated in 30-digit
floats. :class:`Draws` turns a point into the values the draws would give (sizes, shapes, each
inside its generator's class), the candidate counterexample a proof hands the trials.
"""

from __future__ import annotations

import cmath
import random
from typing import Any, Callable, Iterator

__all__ = ["Draws", "witness"]


def witness(sp: Any, diff: Any, kind: str = "=") -> bool:
    """Whether small values inside the symbols' classes break ``diff``'s relation to 0 clearly."""
    return next(_points(sp, diff, sorted(diff.free_symbols, key=str), 12, kind), None) is not None


#: Digits a candidate point is evaluated with.
_DIGITS = 30


def _points(
    sp: Any, diff: Any, symbols: list[Any], tries: int, kind: str = "=", admit: Callable[[dict], bool] | None = None
) -> Iterator[dict[Any, Any]]:
    """Points (symbol → small number inside its assumptions) where ``diff``'s relation to 0 clearly fails.

    ``kind`` is that relation: ``=`` (clearly non-zero fails it), ``>=`` or ``>`` (clearly
    negative does). The first point sets every symbol to 1 (−1 when negative): the simplest
    counterexample, when it is one, is the one a reader checks in their head. ``admit`` (the
    draws' classes) is asked before the 30-digit evaluation: a convexity gap fails at every
    ``t > 1``, which sympy's positive ``t`` allows and ``uniform(0, 1)`` never draws, and settling
    such points cost a true claim's search two thirds of its time.
    """
    if diff.atoms(sp.Function) - diff.atoms(sp.exp, sp.log, sp.Abs, sp.sqrt, sp.Max, sp.Min, sp.Pow):
        return
    rng = random.Random(0)
    for at in range(tries):
        point = {
            s: (-sp.Integer(1) if s.is_negative else sp.Integer(1)) if at == 0 else _candidate(sp, s, rng)
            for s in symbols
        }
        # doubles first, in a walk of the tree that builds nothing; what fails or comes near the
        # threshold in them is settled in 30 digits, which rebuilds the tree (5–8 ms a point on a softmax)
        quick = _in_doubles(sp, diff, point)
        if quick is None or _fails(quick, kind, 1e-9):
            if admit is not None and not admit(point):
                continue
            value = _settled(sp, diff, point)
            if value is not None and _fails(value, kind, 1e-6):
                yield point


def _settled(sp: Any, diff: Any, point: dict[Any, Any]) -> complex | None:
    """``diff`` at ``point`` in 30-digit floats (``None``: it does not evaluate to a number)."""
    try:
        # 30-digit floats, not the rationals themselves: evaluating with exact arithmetic
        # cost tenths of a second a point on a softmax, and 30 digits keep a true zero below 1e-6
        return complex(diff.xreplace({s: sp.Float(v, _DIGITS) for s, v in point.items()}).evalf(_DIGITS))
    except (TypeError, ValueError):
        return None


def _fails(value: complex, kind: str, tolerance: float) -> bool:
    """Whether ``value`` breaks the relation ``kind`` to 0 by more than ``tolerance``."""
    if kind == "=":
        return abs(value) > tolerance
    return abs(value.imag) < 1e-12 and value.real < -tolerance


class _Unknown(Exception):
    """A node the walk in doubles does not evaluate: the 30-digit evaluation does."""


def _in_doubles(sp: Any, expr: Any, point: dict[Any, Any]) -> complex | None:
    """``expr`` at ``point`` in complex doubles, or ``None`` when a node is not one it knows or fails."""
    memo: dict[Any, complex] = {}

    def walk(e: Any) -> complex:
        found = memo.get(e)
        if found is not None:
            return found
        if e.is_Symbol:
            value = complex(point[e])
        elif e.is_Number or e.is_NumberSymbol or e is sp.I:
            value = complex(e)
        elif e.is_Add:
            value = sum((walk(a) for a in e.args), 0j)
        elif e.is_Mul:
            value = 1 + 0j
            for a in e.args:
                value *= walk(a)
        elif e.is_Pow:
            value = walk(e.base) ** walk(e.exp)
        elif isinstance(e, sp.exp):
            value = cmath.exp(walk(e.args[0]))
        elif isinstance(e, sp.log) and len(e.args) == 1:
            value = cmath.log(walk(e.args[0]))
        elif isinstance(e, sp.Abs):
            value = complex(abs(walk(e.args[0])))
        elif isinstance(e, (sp.Max, sp.Min)):
            args = [walk(a) for a in e.args]
            if any(a.imag != 0 for a in args):
                raise _Unknown
            value = complex((max if isinstance(e, sp.Max) else min)(a.real for a in args))
        else:
            raise _Unknown
        memo[e] = value
        return value

    try:
        value = walk(expr)
    except (_Unknown, ArithmeticError, ValueError, TypeError, KeyError):
        return None
    return value if cmath.isfinite(value) else None


class Draws:
    """A disproof's point turned into the values the draws would give: sizes, shapes, classes as drawn."""

    #: Points tried: a bounded draw (``uniform(0, 1)``) rejects many of sympy's small numbers.
    TRIES = 40

    def __init__(self, attempt: Any, env: dict[str, Any]) -> None:
        self.attempt, self.env = attempt, env

    def find(self, gaps: list[tuple[Any, str]]) -> dict[str, Any] | None:
        """The first point where a gap breaks its relation to 0 and every value stays in its class."""
        sp = self.attempt.sp
        symbols = sorted(set().union(*(_free(sp, v) for v in self.env.values())), key=str)
        drawn: list[dict[str, Any] | None] = [None]  # the draws of the point last admitted

        def admit(point: dict[Any, Any]) -> bool:
            drawn[0] = self.values(point)
            return drawn[0] is not None

        for diff, kind in gaps:
            tries = min(self.TRIES, self.attempt.points)
            if tries <= 0:
                return None
            self.attempt.points -= tries  # a true claim uses every try: the budget counts them all
            for _ in _points(sp, diff, symbols, tries, kind, admit):
                return drawn[0]
        return None

    def values(self, point: dict[Any, Any]) -> dict[str, Any] | None:
        """The draws at ``point``, each as its generator gives it; ``None`` when one leaves its class."""
        import numpy as np

        from ...running.values import value_class

        sp, out = self.attempt.sp, {}
        for name, text in self.attempt.spec.items():
            value = self.env[name]
            if not isinstance(text, str):
                out[name] = text  # a literal: the value the draws give
                continue
            if name not in self.attempt.shapes:  # a size or an index, as sympy enumerated it
                out[name] = int(value)
                continue
            integer = self.attempt.classes.get(name) == "integer"
            entries = list(value) if isinstance(value, sp.MatrixBase) else [value]
            numbers = [_number(sp, _expression(sp, e).subs(point), integer) for e in entries]
            if any(n is None for n in numbers):
                return None
            shape = self.attempt.shapes[name]
            out[name] = np.array(numbers, dtype=int if integer else float).reshape(shape) if shape else numbers[0]
            if text.lstrip().startswith("constant("):
                continue  # its entries are the fill value's, which has its own class
            inside = value_class(text, out)
            if inside is None or not _inside(inside, out[name]):
                return None
        return out


def _expression(sp: Any, value: Any) -> Any:
    """A lowered entry as a sympy expression: it already is one, or it is a plain number (never text)."""
    if isinstance(value, sp.Basic):
        return value
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError(f"not a lowered value: {type(value).__name__}")
    return sp.Integer(value) if isinstance(value, int) else sp.Float(value)


def _free(sp: Any, value: Any) -> set[Any]:
    return set(value.free_symbols) if isinstance(value, sp.Basic) or isinstance(value, sp.MatrixBase) else set()


def _number(sp: Any, value: Any, integer: bool) -> int | float | None:
    if value.free_symbols:
        return None
    if integer:
        return int(value) if value.is_Integer else None
    return float(value)


def _inside(inside: Any, value: Any) -> bool:
    try:
        return bool(inside(value))
    except Exception:  # noqa: BLE001 - a test that cannot judge a value keeps it out
        return False


def _candidate(sp: Any, s: Any, rng: random.Random) -> Any:
    if s.is_integer:
        return sp.Integer(rng.choice([0, 1, 2, 3]) if s.is_nonnegative else rng.choice([-2, -1, 0, 1, 2]))
    if s.is_positive:
        return sp.Rational(rng.choice([1, 2, 3, 5]), rng.choice([1, 2, 3]))
    if s.is_nonnegative:
        return sp.Rational(rng.choice([0, 1, 2, 3]), rng.choice([1, 2, 4]))
    if s.is_negative:
        return -sp.Rational(rng.choice([1, 2, 3]), rng.choice([1, 2]))
    return sp.Rational(rng.choice([-3, -2, -1, 0, 1, 2, 3]), rng.choice([1, 2]))
