"""Proofs of ``holds:`` identities: sympy decides ``lhs - rhs ≡ 0`` before the trials run.

A *property* check over draws (no listing, no snippet) whose ``holds:`` is one exact ``=`` is
lowered to sympy with the classes its generators draw from as assumptions (``randn`` real,
``uniform(a, b)`` with ``a > 0`` positive, ``loguniform`` positive, ``integers`` integer,
``symmetric``, ``simplex``). Sizes drawn with ``integers`` are not symbolic in sympy: the
identity is proved for each size up to :data:`SIZE_BOUND`, with a symbol for every entry, and
an index drawn from a short range is proved for each of its values.

The whole attempt runs under a ``SIGALRM`` timer (:data:`PROOF_SECONDS`): a thread cannot stop
sympy, a signal can, and each note's checks run in the main thread of their worker. Anything
the lowering does not know (a function of the note's module, a generator without a class, a
matrix power) makes the attempt inconclusive; so does the timer. Inconclusive attempts leave the
verdict to the trials alone, and a disproof never refutes anything by itself: only a trial
that fails does. A disproof's point, given as the draws would give it and inside every
generator's class (:attr:`Proof.counterexample`), is the first trial the check runs.

Note text never reaches ``sympify``: the math goes through our AST (:mod:`algoverify.math.symbolic`).
"""

from __future__ import annotations

import random
import re
import signal
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Iterator

from ..findings import LocatedError
from ..math import mathexpr as M
from .lowering import Inconclusive, Lower, scalar

__all__ = ["Proof", "prove", "provable", "settle", "SIZE_BOUND", "PROOF_SECONDS", "PROVED", "DISPROVED", "INCONCLUSIVE"]

#: Sizes are proved for 1 … SIZE_BOUND; the trials cover the larger ones.
SIZE_BOUND = 4
#: Seconds one claim's proof may take, all its sizes together (past them: trials only).
PROOF_SECONDS = 10.0
#: An index drawn from at most this many integers is proved for each of them.
_ENUMERATED = 8

PROVED, DISPROVED, INCONCLUSIVE = "proved", "disproved", "inconclusive"


@dataclass(frozen=True)
class Proof:
    """What the attempt found: ``proved`` (with its scope), ``disproved`` or ``inconclusive`` (and why)."""

    status: str
    scope: str = ""
    seconds: float = 0.0
    why: str = ""
    #: where a disproof found the two sides apart: the first entry, the difference simplified, the sizes
    difference: str = ""
    #: a disproof's point as the draws would give it (name → int, float or array), inside every
    #: generator's class: a candidate counterexample for the trials, never a verdict by itself
    counterexample: tuple[tuple[str, Any], ...] = field(default=(), compare=False)


class _Timeout(BaseException):
    """The timer fired; a BaseException so that sympy's own ``except Exception`` cannot swallow it."""


def provable(check: Any) -> M.Rel | None:
    """``holds:`` as a relation a proof is attempted for (one exact ``=``, over draws alone), else ``None``."""
    if any(check.get(k) is not None for k in ("listing", "snippet", "at", "after", "as", "module")):
        return None
    try:
        tree = M.parse_math(str(check.get("holds")))
    except LocatedError:
        return None
    if not isinstance(tree, M.Rel) or len(tree.rest) != 1 or tree.rest[0][0] != "=":
        return None
    return tree


def prove(check: Any, shadowed: set[str] | frozenset[str] = frozenset(), seconds: float | None = None) -> Proof:
    """Try to prove ``holds:`` for every draw; never raises for what the claim says.

    :param shadowed: names the note's own module or snippet defines: never read as built-ins.
    """
    tree = provable(check)
    if tree is None:
        return Proof(INCONCLUSIVE, why="not an exact identity over draws")
    return settle(lambda: _Attempt(check, tree, set(shadowed)), seconds)


def settle(attempt: Any, seconds: float | None = None) -> Proof:
    """Run ``attempt().run()`` under the timer; whatever stops it makes the proof inconclusive, never an error."""
    import sympy  # noqa: F401 - imported before the timer starts: an import cut off halfway stays broken

    started = time.perf_counter()
    difference, counterexample = "", ()
    try:
        with _deadline(PROOF_SECONDS if seconds is None else seconds):
            found = attempt()
            status, scope, why = found.run()
            difference = getattr(found, "difference", "")
            counterexample = tuple((getattr(found, "counterexample", None) or {}).items())
    except _Timeout:
        status, scope, why = INCONCLUSIVE, "", "timed out"
    except Inconclusive as exc:
        status, scope, why = INCONCLUSIVE, "", str(exc)
    except Exception as exc:  # noqa: BLE001 - whatever sympy raises, the trials still decide
        status, scope, why = INCONCLUSIVE, "", f"{type(exc).__name__}: {exc}"
    disproved = status == DISPROVED
    return Proof(
        status,
        scope,
        time.perf_counter() - started,
        why,
        difference if disproved else "",
        counterexample if disproved else (),
    )


@contextmanager
def _deadline(seconds: float) -> Iterator[None]:
    if threading.current_thread() is not threading.main_thread() or not hasattr(signal, "setitimer"):
        raise Inconclusive("no timer can cut a proof off here")
    if signal.getitimer(signal.ITIMER_REAL)[0] > 0:
        raise Inconclusive("the timer is in use")

    def expire(signum: int, frame: Any) -> None:
        raise _Timeout()

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, max(seconds, 1e-6))
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


# --- the draws as sympy values -----------------------------------------------------------------

_CALL = re.compile(r"^\s*(\w+)\((.*)\)\s*$")
_ADJECTIVE = {"real": "real", "positive": "positive", "nonnegative": "non-negative", "negative": "negative"}


def _referenced(spec: dict[str, Any]) -> set[str]:
    """Names used as arguments of another entry's generator (``n`` of ``randn(n, d)``): sizes."""
    out: set[str] = set()
    for text in spec.values():
        m = _CALL.match(text) if isinstance(text, str) else None
        if m:
            out.update(a.strip() for a in m.group(2).split(",") if a.strip().isidentifier())
    return out


class _Attempt:
    def __init__(self, check: Any, tree: M.Rel, shadowed: set[str]) -> None:
        import sympy

        self.sp = sympy
        self.check = check
        self.tree = tree
        self.shadowed = shadowed
        self.spec = {**(check.get("inputs") or {}), **(check.get("draw") or {})}
        self.sizes = _referenced(self.spec)
        self.classes: dict[str, str] = {}  # name → the class words of the scope
        self.bounds: dict[str, tuple[int, int]] = {}  # size → (largest proved, largest drawn)
        self.every: list[str] = []  # indices proved for each of their values
        self.shapes: dict[str, tuple[int, ...]] = {}  # name → the shape its generator draws
        self.differences: list[Any] = []  # the last case's lhs − rhs, entry by entry
        self.counterexample: dict[str, Any] | None = None

    def run(self) -> tuple[str, str, str]:
        disproof = ""
        cases = 0
        for env in self._cases(list(self.spec.items()), {}):
            cases += 1
            verdict = self._decide(env)
            if verdict is False:
                disproof = disproof or "sympy found a difference that is not zero"
                if self.counterexample is None and self.check.get("given") is None:
                    self.counterexample = _Draws(self, env).find()
            elif verdict is None:
                raise Inconclusive("sympy could not decide")
        if cases == 0:
            raise Inconclusive("no size to prove")
        if disproof:
            return (DISPROVED if self.check.get("given") is None else INCONCLUSIVE), "", disproof
        return PROVED, self._scope(), ""

    # the cases: one environment per size (and index) value
    def _cases(self, items: list[tuple[str, Any]], env: dict[str, Any]) -> Iterator[dict[str, Any]]:
        if not items:
            yield dict(env)
            return
        (name, text), rest = items[0], items[1:]
        choices = self._choices(name, text, env)
        if choices is None:
            env[name] = self._value(name, text, env)
            yield from self._cases(rest, env)
            return
        for value in choices:
            env[name] = self.sp.Integer(value)
            yield from self._cases(rest, env)

    def _choices(self, name: str, text: Any, env: dict[str, Any]) -> range | None:
        """The values an integer size or short-ranged index is proved for (``None``: a symbol)."""
        from ..running.values import generator_call

        call = generator_call(text, _plain(env)) if isinstance(text, str) else None
        if call is None or call[0] != "integers" or len(call[1]) != 2 or call[2]:
            return None
        lo, hi = call[1]
        if not (isinstance(lo, int) and isinstance(hi, int)):
            raise Inconclusive(f"{name} is drawn between bounds that are not numbers")
        if name in self.sizes:
            top = min(hi, lo + SIZE_BOUND - 1) if lo > 1 else min(hi, SIZE_BOUND)
            if top < lo:
                raise Inconclusive(f"{name} has no size up to {SIZE_BOUND}")
            self.bounds[name] = (max(top, self.bounds.get(name, (0, 0))[0]), hi)
            return range(lo, top + 1)
        if hi - lo + 1 <= _ENUMERATED:
            if name not in self.every:
                self.every.append(name)
            return range(lo, hi + 1)
        return None

    def _value(self, name: str, text: Any, env: dict[str, Any]) -> Any:
        from ..running.values import generator_call

        sp = self.sp
        if isinstance(text, bool):
            raise Inconclusive(f"{name} is a truth value")
        if isinstance(text, (int, float)):
            value = Fraction(str(text))
            return sp.Rational(value.numerator, value.denominator)
        if not isinstance(text, str):
            raise Inconclusive(f"{name} is not a generator call")
        call = generator_call(text, _plain(env))
        if call is None:
            raise Inconclusive(f"{name} is not a generator call")
        gen, args, kwargs = call
        shape: list[Any]
        if gen == "randn":
            kind, shape = "real", list(args)
        elif gen == "uniform":
            lo, hi = (list(args) + [0, 1])[:2] if len(args) < 2 else args[:2]
            kind = "positive" if lo > 0 else "nonnegative" if lo == 0 else "negative" if hi <= 0 else "real"
            shape = list(args[2:])
        elif gen == "loguniform":
            kind, shape = "positive", []
        elif gen == "integers":
            kind, shape = "integer", list(args[2:])
        elif gen in ("symmetric", "simplex"):
            kind, shape = gen, list(args[:1])
        else:
            raise Inconclusive(f"{gen}(…) has no symbolic class")
        if not all(isinstance(d, int) or isinstance(d, sp.Integer) for d in shape):
            raise Inconclusive(f"the shape of {name} is not a number")
        self.classes.setdefault(name, kind)
        self.shapes[name] = (
            (int(shape[0]),)
            if kind == "simplex"
            else (int(shape[0]),) * 2
            if kind == "symmetric"
            else tuple(int(d) for d in shape)
        )
        return self._symbols(name, kind, [int(d) for d in shape], args)

    def _symbols(self, name: str, kind: str, shape: list[int], args: list[Any]) -> Any:
        sp = self.sp
        assumptions = {
            "real": {"real": True},
            "positive": {"positive": True},
            "nonnegative": {"nonnegative": True},
            "negative": {"negative": True},
            "integer": {"integer": True},
            "symmetric": {"real": True},
            "simplex": {"nonnegative": True},
        }[kind]
        if kind == "integer" and len(args) >= 2 and isinstance(args[0], int):
            assumptions = {"integer": True, "nonnegative": True} if args[0] >= 0 else assumptions

        def entry(*at: int) -> Any:
            return sp.Symbol(f"{name}[{','.join(map(str, at))}]" if at else name, **assumptions)

        if kind == "symmetric":
            n = shape[0]
            return sp.Matrix(n, n, lambda i, j: entry(min(i, j) + 1, max(i, j) + 1))
        if kind == "simplex":
            n = shape[0]
            free = [entry(i + 1) for i in range(n - 1)]
            return sp.Matrix(free + [1 - sum(free, sp.Integer(0))])
        if not shape:
            return entry()
        if len(shape) == 1:
            return sp.Matrix(shape[0], 1, lambda i, j: entry(i + 1))
        if len(shape) == 2:
            return sp.Matrix(shape[0], shape[1], lambda i, j: entry(i + 1, j + 1))
        raise Inconclusive("arrays of more than two axes")

    # the decision
    def _decide(self, env: dict[str, Any]) -> bool | None:
        sp = self.sp
        left, right = self._sides(env)
        differences = self.differences = _differences(sp, left, right)
        verdicts = [_zero(sp, d) for d in differences]
        if all(v is True for v in verdicts):
            return True
        if any(v is False for v in verdicts):
            return False
        return None

    def _sides(self, env: dict[str, Any]) -> tuple[Any, Any]:
        """The relation's two sides lowered over ``env`` (the ``let:`` definitions added to it)."""
        sp = self.sp
        functions: dict[str, tuple[list[str], M.MathNode]] = {}
        words = {n for n in [*self.spec, *(str(k).partition("(")[0].strip() for k in self.check.get("let") or {})]}
        words = {w for w in words if len(w) > 1 and w.isalpha()}
        lower = Lower(sp, env, functions, self.shadowed, words)
        for key, latex in (self.check.get("let") or {}).items():
            name, _, params = str(key).partition("(")
            tree = lower.read(str(latex))
            if params:
                functions[name.strip()] = ([p.strip() for p in params.rstrip(")").split(",")], tree)
            else:
                env[name.strip()] = lower.lower(tree)
        tree = lower.prepare(self.tree)
        left, right = (scalar(sp, lower.lower(side)) for side in (tree.first, tree.rest[0][1]))
        return left, right

    def _scope(self) -> str:
        groups: dict[str, list[str]] = {}
        for name, kind in self.classes.items():
            word = {"integer": "integer", "symmetric": "symmetric", "simplex": "probability vectors"}.get(kind)
            groups.setdefault(word or _ADJECTIVE[kind], []).append(name)
        parts = [f"{word} {', '.join(names)}" for word, names in groups.items()]
        if self.every:
            parts.append("every " + ", ".join(self.every))
        text = "for all " + "; ".join(parts) if parts else "for every draw"
        capped = [f"{n} ≤ {top}" for n, (top, hi) in self.bounds.items() if top < hi]
        if capped:
            text += f" ({', '.join(capped)})"
        elif self.bounds:
            text += " (every size drawn)"
        return text


def _plain(env: dict[str, Any]) -> dict[str, Any]:
    """Sizes as Python ints, for the generator calls' arguments."""
    return {k: int(v) if getattr(v, "is_Integer", False) else v for k, v in env.items()}


def _differences(sp: Any, left: Any, right: Any) -> list[Any]:
    lm, rm = isinstance(left, sp.MatrixBase), isinstance(right, sp.MatrixBase)
    if lm and rm:
        if left.shape != right.shape:
            raise Inconclusive("the two sides have different shapes")
        return list(left - right)
    if lm or rm:  # an array against a number: every entry equals it
        arr, num = (left, right) if lm else (right, left)
        return [e - num for e in arr]
    return [left - right]


def _zero(sp: Any, diff: Any) -> bool | None:
    """Whether ``diff`` is identically zero: True, False (a point where it is not), or None."""
    if diff == 0:
        return True
    last = diff
    for step in (sp.expand, sp.cancel, sp.simplify):
        last = step(last)
        if last == 0:
            return True
    if sp.simplify(sp.Eq(diff, 0)) is sp.true:
        return True
    return False if _witness(sp, last) else None


def _witness(sp: Any, diff: Any) -> bool:
    """Whether small values inside the symbols' classes make ``diff`` clearly non-zero."""
    return next(_points(sp, diff, sorted(diff.free_symbols, key=str), 12), None) is not None


def _points(sp: Any, diff: Any, symbols: list[Any], tries: int) -> Iterator[dict[Any, Any]]:
    """Points (symbol → small number inside its assumptions) where ``diff`` is clearly non-zero.

    The first point sets every symbol to 1 (−1 when negative): the simplest counterexample, when
    it is one, is the one a reader checks in their head.
    """
    if diff.atoms(sp.Function) - diff.atoms(sp.exp, sp.log, sp.Abs, sp.sqrt, sp.Max, sp.Min, sp.Pow):
        return
    rng = random.Random(0)
    for at in range(tries):
        point = {
            s: (-sp.Integer(1) if s.is_negative else sp.Integer(1)) if at == 0 else _candidate(sp, s, rng)
            for s in symbols
        }
        try:
            value = complex(diff.subs(point).evalf())
        except (TypeError, ValueError):
            continue
        if abs(value) > 1e-6:
            yield point


class _Draws:
    """A disproof's point turned into the values the draws would give: sizes, shapes, classes as drawn."""

    #: Points tried: a bounded draw (``uniform(0, 1)``) rejects many of sympy's small numbers.
    TRIES = 40

    def __init__(self, attempt: _Attempt, env: dict[str, Any]) -> None:
        self.attempt, self.env = attempt, env

    def find(self) -> dict[str, Any] | None:
        """The first point where an entry of lhs − rhs is non-zero and every value stays in its class."""
        sp = self.attempt.sp
        symbols = sorted(set().union(*(_free(sp, v) for v in self.env.values())), key=str)
        for diff in self.attempt.differences:
            for point in _points(sp, diff, symbols, self.TRIES):
                values = self.values(point)
                if values is not None:
                    return values
        return None

    def values(self, point: dict[Any, Any]) -> dict[str, Any] | None:
        import numpy as np

        from ..running.values import value_class

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
