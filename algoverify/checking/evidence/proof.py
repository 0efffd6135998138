"""Proofs of ``holds:`` relations: sympy decides them for every value of the draws' classes, beside the trials.

A *property* check's ``holds:`` — a chain of ``=``, ``≈`` (proved exact), ``≤ < ≥ >`` — is lowered
to sympy with the classes its generators draw from as assumptions (``randn`` real,
``uniform(a, b)`` with ``a > 0`` positive, ``loguniform`` positive, ``integers`` integer,
``symmetric``, ``simplex``). Sizes drawn with ``integers`` are not symbolic in sympy: the
relation is proved for each size up to :data:`SIZE_BOUND`, with a symbol for every entry, and
an index drawn from a short range is proved for each of its values. An equality is proved when
``lhs − rhs`` simplifies to 0; an ordering when sympy's assumptions show ``rhs − lhs ≥ 0`` (a sum
of squares, a norm). Over a listing (``listing:``) the relation reads the listing's run, and a
call of a listing or of a snippet's function in it is executed symbolically too.

The whole attempt runs under a CPU-time timer (``SIGPROF``, :data:`PROOF_SECONDS`): a thread
cannot stop sympy, a signal can, each note's checks run in the main thread of their worker, and
CPU time makes what is proved independent of the machine's load. Anything the lowering does not
know (a function of the note's module, a generator without a class, a matrix power) makes the
attempt inconclusive; so does the timer. Inconclusive attempts leave the verdict to the trials
alone. A disproof is a point inside every generator's class where the relation fails
(:attr:`Proof.counterexample`, given as the draws would give it): the check runs it as a trial,
and it never refutes anything by itself: only a trial that fails does. Past the sizes sympy
decides, the search for a point is bounded by counts (:data:`SEARCH_SIZES`,
:data:`SEARCH_POINTS`), never by time, so that what it finds does not depend on the machine or
on what the process did before.

Note text never reaches ``sympify``: the math goes through our AST (:mod:`algoverify.math.symbolic`).
"""

from __future__ import annotations

import functools
import signal
import threading
import time
from contextlib import contextmanager
from dataclasses import field
from fractions import Fraction
from typing import Any, Iterable, Iterator

from ...findings import LocatedError
from ...math import mathexpr as M
from ...math.latex import identifier_latex, sympy_latex
from ...math.names import spelt_words
from ...records import frozen
from .lowering import Inconclusive, Lower, can_be_zero, scalar
from .points import Draws, witness
from .proofcache import ProofCache, check_material, content, listing_material
from .roots import one_variable
from .shapes import (
    beyond_assumptions,
    cheaply_zero,
    opposite_terms,
    over_one_denominator,
    unsigned_logarithm,
    vanishing_norm,
)
from .symexec import execute
from .trials import sizes_of
from .units import without_units

__all__ = [
    "Proof",
    "beside",
    "prove",
    "provable",
    "settle",
    "SIZE_BOUND",
    "PROOF_SECONDS",
    "PROVED",
    "DISPROVED",
    "INCONCLUSIVE",
]

#: Sizes are proved for 1 … SIZE_BOUND; the trials cover the larger ones.
SIZE_BOUND = 4
#: Seconds one claim's proof may take, all its sizes together (past them: trials only).
PROOF_SECONDS = 10.0
#: CPU seconds a step that may not finish gets: deciding an ordering (per entry), or searching for a
#: point at one size. The decision's share is well above what the orderings sympy does settle take
#: (about 0.3 s for the cross-entropy gradient's norm at V = 5), so that what is proved does not flip
#: from run to run; the search's only stops a pathological point (a point costs 2–6 ms on a softmax).
STEP_SECONDS = 3.0
#: Sizes left undecided by sympy that are searched for a point: past the first undecided size
#: nothing can be proved, and lowering the next one cost as much as the trials of an inconclusive
#: claim (0.2 s at V = 3 on a softmax). A claim false only at larger sizes is left to the trials.
SEARCH_SIZES = 1
#: Points one attempt evaluates in its search for a counterexample, all sizes together. The corpus's
#: points are found among the first ten; a true claim evaluates them all (about 0.2 s on a softmax).
#: Counts, not times: what is found does not depend on the machine.
SEARCH_POINTS = 60
#: An index drawn from at most this many integers is proved for each of them.
_ENUMERATED = 8

PROVED, DISPROVED, INCONCLUSIVE = "proved", "disproved", "inconclusive"


@frozen
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
    #: read back from the proof cache (``seconds`` is then what the attempt took when it ran)
    cached: bool = field(default=False, compare=False)


class _Spent(BaseException):
    """One step's share of the proof's time is up: that step gives up, the proof goes on."""


class _Timeout(BaseException):
    """The timer fired; a BaseException so that sympy's own ``except Exception`` cannot swallow it."""


#: Relations a proof decides: ``≈`` by proving it exact, an ordering by sympy's assumptions.
_EQUALITIES = ("=", "approx")
_ORDERINGS = ("<=", "<", ">=", ">")


@frozen
class Subjects:
    """What the relation reads besides the draws, for sympy to compute as the trials run it.

    ``listing``'s run joins the draws (its last state, and ``x^{(0)}`` for an input on entry);
    ``calls`` are listings the relation calls by name (a ``\\Function``, ``as:``); ``snippet`` is
    the source of the Python snippet whose functions it calls.
    """

    listing: Any = None
    calls: tuple[tuple[str, Any], ...] = ()
    snippet: str | None = None


def provable(check: Any) -> M.Rel | None:
    """``holds:`` as a relation a proof is attempted for (a chain of ``= ≈ ≤ < ≥ >``), else ``None``.

    Invariants (``at:``, ``after:``) and claims about exact arithmetic are the trials' alone.
    """
    if check.get("at") is not None or check.get("after") is not None or check.get("arithmetic") == "exact":
        return None
    try:
        tree = check.plan.tree(str(check.get("holds")))
    except LocatedError:
        return None
    if not isinstance(tree, M.Rel) or any(op not in _EQUALITIES + _ORDERINGS for op, _ in tree.rest):
        return None
    return tree


def prove(
    check: Any,
    shadowed: set[str] | frozenset[str] = frozenset(),
    seconds: float | None = None,
    subjects: Subjects = Subjects(),
    cache: ProofCache | None = None,
) -> Proof:
    """Try to prove ``holds:`` for every draw; never raises for what the claim says.

    :param shadowed: names the note's own module or snippet defines: never read as built-ins.
    :param subjects: the listing whose run the relation reads, and what it calls by name.
    :param cache: where a proof of the same content is looked up first, and this one kept.
    """
    tree = provable(check)
    if tree is None:
        return Proof(INCONCLUSIVE, why="not an identity or an ordering sympy decides")
    if check.get("listing") is not None and check.get("as") is None and subjects.listing is None:
        return Proof(INCONCLUSIVE, why="the listing's run is not given")
    if check.get("snippet") is not None and subjects.snippet is None:
        return Proof(INCONCLUSIVE, why="the snippet is not given")
    material = None
    if cache is not None:
        material = {
            "proof": "property",
            "relation": content(tree),
            "check": check_material(check),
            "shadowed": sorted(shadowed),
            "listing": listing_material(subjects.listing),
            "calls": [[name, listing_material(listing)] for name, listing in subjects.calls],
            "snippet": subjects.snippet,
        }
    return settle(lambda: _Attempt(check, tree, set(shadowed), subjects), seconds, cache, material)


def beside(verdict: Any, proof: Proof | None, failed: str) -> Any:
    """``proof`` as evidence beside the trials' ``verdict`` (``details.proof``), never a verdict of its own.

    A disproof's difference joins a refutation's message. A proof beside a refutation whose
    message says the relation itself failed (``failed``: `` is false``, ``but the reference
    gives``) means the floats broke it, and the message says so; a run that failed (a division
    by zero) is not the floats' doing.
    """
    if proof is None or proof.status == INCONCLUSIVE:
        return verdict
    if proof.status == DISPROVED and verdict.holds is True:
        # sympy's point was run as a trial and held: no evidence against the claim, so none is reported
        return verdict
    verdict.details["proof"] = {"status": proof.status, "scope": proof.scope, "seconds": round(proof.seconds, 4)}
    if proof.cached:
        verdict.details["proof"]["cached"] = True
    if proof.difference:
        verdict.details["proof"]["difference"] = proof.difference
        if verdict.holds is False:
            verdict.message += f"; sympy: {proof.difference}"
    if proof.status == PROVED and verdict.holds is False and failed in verdict.message:
        verdict.message += f"; sympy proves it {proof.scope} in exact arithmetic: the floats break it"
    return verdict


def settle(attempt: Any, seconds: float | None = None, cache: ProofCache | None = None, material: Any = None) -> Proof:
    """Run ``attempt().run()`` under the timer; whatever stops it makes the proof inconclusive, never an error.

    With a ``cache`` and the ``material`` the attempt reads, a proof kept under that material is
    returned without running anything, and a new one is kept.
    """
    if cache is not None and material is not None:
        kept = cache.recall(material, Proof)
        if kept is not None:
            return kept
    proof = _settled(attempt, seconds)
    if cache is not None and material is not None:
        cache.keep(material, proof)
    return proof


def _settled(attempt: Any, seconds: float | None) -> Proof:
    import sympy  # noqa: F401 - imported before the timer starts: an import cut off halfway stays broken

    started = time.perf_counter()
    difference, counterexample = "", ()
    try:
        with _deadline(PROOF_SECONDS if seconds is None else seconds), without_units():
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
    if signal.getitimer(signal.ITIMER_PROF)[0] > 0:
        raise Inconclusive("the timer is in use")

    def expire(signum: int, frame: Any) -> None:
        if len(_ENDS) > 1 and time.process_time() < _ENDS[0]:
            raise _Spent()
        raise _Timeout()

    previous = signal.signal(signal.SIGPROF, expire)
    _ENDS[:] = [time.process_time() + seconds]
    signal.setitimer(signal.ITIMER_PROF, max(seconds, 1e-6))
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, previous)
        _ENDS.clear()


#: The timer's deadlines (``process_time``): the whole proof's, then the step's inside it.
_ENDS: list[float] = []


@contextmanager
def _share(seconds: float) -> Iterator[None]:
    """Give the step inside at most ``seconds`` of the proof's time; past them it raises :class:`_Spent`.

    Deciding an inequality or searching for a point is open-ended in sympy: a claim it cannot
    settle must not take the whole proof's time (nor the note's) to say so.
    """
    if not _ENDS:  # no timer: the caller's own limits apply
        yield
        return
    end = min(_ENDS[-1], time.process_time() + seconds)
    _ENDS.append(end)
    signal.setitimer(signal.ITIMER_PROF, max(end - time.process_time(), 1e-6))
    try:
        yield
    finally:
        _ENDS.pop()
        signal.setitimer(signal.ITIMER_PROF, max(_ENDS[-1] - time.process_time(), 1e-6))


# --- the draws as sympy values -----------------------------------------------------------------

_ADJECTIVE = {"real": "real", "positive": "positive", "nonnegative": "non-negative", "negative": "negative"}


class _Attempt:
    def __init__(
        self,
        check: Any,
        tree: M.Rel,
        shadowed: set[str],
        subjects: Subjects = Subjects(),
    ) -> None:
        import sympy

        self.sp = sympy
        self.check = check
        self.tree = tree
        self.shadowed = shadowed
        self.spec = check.draws
        self.sizes = sizes_of(self.spec)
        self.classes: dict[str, str] = {}  # name → the class words of the scope
        self.bounds: dict[str, tuple[int, int]] = {}  # size → (largest proved, largest drawn)
        self.every: list[str] = []  # indices proved for each of their values
        self.shapes: dict[str, tuple[int, ...]] = {}  # name → the shape its generator draws
        self.subjects = subjects
        self.counterexample: dict[str, Any] | None = None
        self.why = "sympy could not decide"
        self.partial = False  # a side divides by something that can be 0
        self.points = SEARCH_POINTS  # points the search may still evaluate

    def run(self) -> tuple[str, str, str]:
        cases, undecided, searched = 0, "", 0
        for env in self._cases(list(self.spec.items()), {}):
            cases += 1
            # past an undecided size nothing can be proved: the larger ones are only searched for a point
            verdict = self._decide(env, search_only=bool(undecided))
            if verdict is False:
                return DISPROVED, "", "sympy found a point where the claim fails"
            if verdict is None:
                undecided, searched = undecided or self.why, searched + 1
                if searched >= SEARCH_SIZES or self.points <= 0 or self.check.get("given") is not None:
                    break  # with `given:` there is no point to search for: the larger sizes add nothing
        if cases == 0:
            raise Inconclusive("no size to prove")
        if undecided:
            raise Inconclusive(undecided)
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
        from ...running.values import generator_call

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
        from ...running.values import generator_call

        sp = self.sp
        if isinstance(text, bool):
            raise Inconclusive(f"{name} is a truth value")
        if isinstance(text, (int, float)):
            return _exact(sp, text)
        if isinstance(text, list):  # a literal vector or matrix: the values the trials use, exactly
            return _literal_array(sp, name, text)
        if not isinstance(text, str):
            raise Inconclusive(f"{name} is not a generator call")
        call = generator_call(text, _plain(env))
        if call is None:
            raise Inconclusive(f"{name} is not a generator call")
        gen, args, kwargs = call
        if gen == "constant" and len(args) >= 2 and all(isinstance(d, int) for d in args[1:]) and len(args) <= 3:
            fill = args[0] if isinstance(args[0], sp.Basic) else _exact(sp, args[0])
            self.shapes[name] = tuple(int(d) for d in args[1:])  # as drawn, for a disproof's point
            return sp.Matrix(*([int(d) for d in args[1:]] + [1])[:2], lambda i, j: fill)
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
    def _decide(self, env: dict[str, Any], search_only: bool = False) -> bool | None:
        """True: every link holds for all values of the classes; False: a point of the draws breaks one."""
        sp = self.sp
        gaps: list[tuple[Any, str]] = []
        for op, left, right in self._links(env):
            if op in _EQUALITIES:
                gaps += [(d, "=") for d in _differences(sp, left, right)]
            else:  # high − low must be ≥ 0 (> 0 when strict)
                low, high = (left, right) if op in ("<=", "<") else (right, left)
                gaps += [(d, ">" if op in ("<", ">") else ">=") for d in _differences(sp, high, low)]
        self.note_partial(d for d, _ in gaps)
        open_ = [
            (d, kind)
            for d, kind in gaps
            if search_only or (_zero(sp, d) if kind == "=" else _ordered(sp, d, kind)) is not True
        ]
        if not open_:
            return True
        self.why = "sympy could not decide"
        if self.check.get("given") is not None:
            return None  # a point must also satisfy `given:`: the trials judge that
        try:
            with _share(STEP_SECONDS):
                self.counterexample = Draws(self, env).find(open_)
        except _Spent:
            self.counterexample = None
        if self.counterexample is not None:
            return False
        if any(kind == "=" and witness(sp, d) for d, kind in open_):
            self.why = "sympy's difference is not zero, but at no point the draws can give"
        return None

    def _sides(self, env: dict[str, Any]) -> tuple[Any, Any]:
        """The two sides of a relation with one link (an equation), lowered over ``env``."""
        ((_, left, right),) = self._links(env)
        return left, right

    def _links(self, env: dict[str, Any]) -> list[tuple[str, Any, Any]]:
        """Each link of the relation's chain lowered over ``env``: the listing's run and the ``let:`` added to it."""
        sp = self.sp
        env = dict(env)  # the draws stay as drawn, for a disproof's point
        if self.subjects.listing is not None:
            entry = {f"{k}_of_0": v for k, v in env.items() if k in self.spec}
            env.update(execute(sp, self.subjects.listing, env, self.shadowed, self.divides))
            env.update(entry)
        functions: dict[str, tuple[list[str], M.MathNode]] = {}
        words = {n for n in [*self.spec, *(str(k).partition("(")[0].strip() for k in self.check.get("let") or {})]}
        words = spelt_words(words)
        lower = Lower(sp, env, functions, self.shadowed, words, self._callables(), self.divides)
        for key, latex in (self.check.get("let") or {}).items():
            name, _, params = str(key).partition("(")
            tree = lower.prepare(self.check.plan.tree(str(latex)))
            if params:
                functions[name.strip()] = ([p.strip() for p in params.rstrip(")").split(",")], tree)
            else:
                env[name.strip()] = lower.lower(tree)
        tree = lower.prepare(self.tree)
        sides = [scalar(sp, lower.lower(side)) for side in (tree.first, *(side for _, side in tree.rest))]
        return [(op, sides[k], sides[k + 1]) for k, (op, _) in enumerate(tree.rest)]

    def _callables(self) -> dict[str, Any]:
        """The listings and snippet functions the relation calls by name, as functions of sympy values."""
        out = {name: _listing_call(self.sp, lst, self.shadowed, self.divides) for name, lst in self.subjects.calls}
        if self.subjects.snippet is not None:
            if any(len(shape) == 2 and shape[1] == 1 for shape in self.shapes.values()):
                # sympy's n×1 matrix is a vector to the snippet: a drawn (n, 1) array would change meaning
                raise Inconclusive("an array of one column passed to the snippet")
            out.update(snippet_calls(self.subjects.snippet))
        return out

    def entrywise(self, env: dict[str, Any], name: str, left: Any, right: Any, label: str) -> tuple[bool | None, str]:
        """Compare two values entry by entry: True, None (undecided), or False with the first entry that differs.

        The difference is shown simplified, with the sizes it appeared at (``x[1]: listing − equation
        = … (n = 2)``); a point where an entry is clearly not zero is cheaper than simplifying it.
        """
        sp = self.sp
        differences = _differences(sp, left, right)
        self.note_partial(differences)
        undecided = False
        for at, diff in enumerate(differences):
            verdict = False if witness(sp, diff) else _zero(sp, diff)
            if verdict is False:
                entry = _entry(sp, name, at, left, right) if len(differences) > 1 else identifier_latex(name)
                sizes = ", ".join(f"{n} = {env[n]}" for n in sorted(self.sizes) if n in env)
                shown = f"{entry}: {label} = {sympy_latex(sp.simplify(diff))}" + (f" ({sizes})" if sizes else "")
                return False, shown
            undecided = undecided or verdict is None
        return (None if undecided else True), ""

    def divides(self) -> None:
        """A side or the run divides by something that can be 0 (``x / x``, ``1 / (a d - b c)``)."""
        self.partial = True

    def note_partial(self, expressions: Iterable[Any]) -> None:
        """Remember a division by something that can be 0 (``a d - b c``): the proof holds where it is defined."""
        sp = self.sp
        self.partial = self.partial or any(
            p.exp.is_negative and can_be_zero(sp, p.base) for e in expressions for p in e.atoms(sp.Pow)
        )

    def _scope(self) -> str:
        groups: dict[str, list[str]] = {}
        for name, kind in self.classes.items():
            word = {"integer": "integer", "symmetric": "symmetric", "simplex": "probability vectors"}.get(kind)
            groups.setdefault(word or _ADJECTIVE[kind], []).append(name)
        parts = [f"{word} {', '.join(names)}" for word, names in groups.items()]
        if self.every:
            parts.append("every " + ", ".join(self.every))
        text = "for all " + "; ".join(parts) if parts else "for every draw"
        if self.partial:  # sympy cancels (ad − bc)/(ad − bc) to 1: true wherever both sides are defined
            text += " where defined"
        capped = [f"{n} ≤ {top}" for n, (top, hi) in self.bounds.items() if top < hi]
        if capped:
            text += f" ({', '.join(capped)})"
        elif self.bounds:
            text += " (every size drawn)"
        return text


def _entries(sp: Any, values: Iterable[Any]) -> Iterator[Any]:
    """The sympy expressions among ``values``, a matrix's entries one by one."""
    for value in values:
        if isinstance(value, sp.MatrixBase):
            yield from value
        elif isinstance(value, sp.Basic):
            yield value


def _exact(sp: Any, number: Any) -> Any:
    """A literal number as the rational its decimal text says (0.1 is 1/10)."""
    if isinstance(number, bool) or not isinstance(number, (int, float)):
        raise Inconclusive(f"{number!r} is not a number")
    value = Fraction(str(number))
    return sp.Rational(value.numerator, value.denominator)


def _literal_array(sp: Any, name: str, rows: list[Any]) -> Any:
    """``[1, -1, 1]`` as a column, ``[[1, 2], [3, 4]]`` as a matrix, of exact numbers."""
    if rows and all(isinstance(r, list) for r in rows):
        if len({len(r) for r in rows}) != 1:
            raise Inconclusive(f"{name} is a ragged list")
        return sp.Matrix([[_exact(sp, v) for v in r] for r in rows])
    if not rows:
        raise Inconclusive(f"{name} is an empty list")
    return sp.Matrix([_exact(sp, v) for v in rows])


def _plain(env: dict[str, Any]) -> dict[str, Any]:
    """Sizes as Python ints, for the generator calls' arguments."""
    return {k: int(v) if getattr(v, "is_Integer", False) else v for k, v in env.items()}


def _entry(sp: Any, name: str, at: int, left: Any, right: Any) -> str:
    """Entry ``at`` (0-based, row by row) of the output ``name``, as the note writes it: ``y_{2}``, ``C_{1,2}``."""
    matrix = left if isinstance(left, sp.MatrixBase) else right
    columns = matrix.shape[1] if isinstance(matrix, sp.MatrixBase) else 1
    where = f"{at + 1}" if columns == 1 else f"{at // columns + 1},{at % columns + 1}"
    return identifier_latex(f"{name}[{where}]")


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
    symbols = diff.free_symbols
    if symbols and diff.is_polynomial(*symbols):
        # a polynomial is zero exactly when its expansion is: putting it over one denominator first
        # (together) took twice expand's time on the Gram matrix's quadratic forms, for nothing
        expanded = sp.expand(diff)
        return True if expanded == 0 else False if witness(sp, expanded) else None
    if cheaply_zero(sp, diff):
        return True
    last = diff
    for step in (sp.expand, sp.cancel, sp.simplify):
        last = step(last)
        if last == 0:
            return True
    if sp.simplify(sp.Eq(diff, 0)) is sp.true:
        return True
    return False if witness(sp, last) else None


def _ordered(sp: Any, gap: Any, kind: str) -> bool | None:
    """Whether ``gap ≥ 0`` (``> 0``) for all values by sympy's assumptions: True, or None (not settled)."""
    strict = kind == ">"
    if vanishing_norm(sp, gap, strict):
        return True
    beyond = beyond_assumptions(sp, gap)
    if beyond and (opposite_terms(gap) or unsigned_logarithm(sp, gap)):
        # a sum with terms of both signs, or one whose sign rides on a logarithm: sympy's assumptions
        # give a sum a sign only when every term has one, so asking costs (0.04 s on a convexity gap
        # of six variables) and says nothing
        return None
    if (gap.is_positive if strict else gap.is_nonnegative) is True:
        return True
    if beyond:
        return None  # rewriting would spend the step's time to say what this says now
    for value in over_one_denominator(sp, gap):
        if (value.is_positive if strict else value.is_nonnegative) is True:
            return True
    try:
        with _share(STEP_SECONDS):
            for form in (lambda: sp.simplify(gap), lambda: sp.factor(sp.simplify(gap))):
                value = form()
                if (value.is_positive if strict else value.is_nonnegative) is True:
                    return True
            return one_variable(sp, gap, strict)
    except _Spent:
        pass
    return None


def _listing_call(sp: Any, listing: Any, shadowed: set[str], on_division: Any = None) -> Any:
    """A listing as a function of sympy values: its parameters bound in order, its one output returned."""
    outputs = listing.outputs or ("result",)

    def call(*args: Any) -> Any:
        if len(args) != len(listing.inputs) or len(outputs) != 1:
            raise Inconclusive(f"a call of {listing.name or 'the listing'} with {len(args)} argument(s)")
        return execute(sp, listing, dict(zip(listing.inputs, args)), shadowed, on_division)[outputs[0]]

    return call


@functools.lru_cache(maxsize=32)
def snippet_calls(code: str) -> dict[str, Any]:
    """The snippet's functions as functions of sympy values, read once per source (every size calls them).

    What :mod:`.pysym` cannot read or run raises :class:`Inconclusive` (and is not cached).
    """
    from . import pysym  # imports sympy: only once a proof needs it

    try:
        found = pysym.functions(code)
    except pysym.Unsupported as exc:
        raise Inconclusive(f"the snippet: {exc}") from None

    def symbolic(name: str, function: Any) -> Any:
        def call(*args: Any, **kwargs: Any) -> Any:
            try:
                return function(*args, **kwargs)
            except pysym.Unsupported as exc:
                raise Inconclusive(f"{name}: {exc}") from None

        return call

    return {name: symbolic(name, function) for name, function in found.items()}
