"""Seeded trials, counterexample shrinking, and the command that reproduces a failure.

A check runs a fixed number of trials (``trials:``) or, when nothing names one, as many as a
counted amount of work allows (:data:`AUTO_TRIALS`, :data:`AUTO_WORK`); all its trials and its shrinking
share one budget (``budget:``). The first trials are structured (one per row of
:data:`~algoverify.running.structured.ROWS`): each input takes the edge of its range or the
structured member of its class that the row names. A failing trial's inputs are shrunk in two
passes while the claim still fails the same way, within a share of what is left of the budget:
first the sizes drawn from a range (``n: "integers(1, 8)"``), redrawn from the same trial seed
(a size the spec writes, ``randn(1000, 1000)``, is the class it names: it stays); then the
values themselves, towards whole numbers and short decimals that stay inside the class their
generator draws from (a note's own
generator's only when it declares its class test). What is left is printed as ``--set``
arguments of an ``algoverify run --check`` command; a value that is not data is carried as a
bounded description.
"""

from __future__ import annotations

import dataclasses
import re
import time
from typing import Any, Callable, Sequence

import numpy as np

from ...findings import EvaluationFailed, Finding
from ...math.numeric.lookup import BOUNDARY_HINT
from ...running import recording
from ...running.structured import ROWS
from ...running.values import sizes_of, split_call
from ..outcome import Verdict
from ..specification.rejected import Rejected
from .counterexamples import counterexample_details, format_inputs

#: Run findings that refute a claim: the listing ran on valid inputs and broke a promise every
#: claim about its result makes (it stops; its numbers are numbers). Any other finding from a
#: run means the claim could not be checked (see :class:`CannotCheck`).
REFUTING_CODES = frozenset({"AV301", "AV302"})


class CannotCheck(Exception):
    """Raised by a trial that could not test the claim; ``finding`` is the cause, at its line."""

    def __init__(self, message: str, finding: Finding | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.finding = finding


#: an entry inside the extent of a table the listing stores into, never stored (lookup's message)
_GAP = re.compile(r"reads index .*, a gap in what the listing stored, never set ")
#: a member taken from a container the listing's own statements left empty (containers' messages)
_EMPTY = re.compile(r"(?:of an empty container|is empty: it has no (?:first|last) member)$")
#: a run stopped by :data:`algoverify.math.ops.MAX_INT_DIGITS` (:class:`~algoverify.math.ops.IntegerTooLarge`)
_OWN_LIMIT = "integer overflow (a result of about"
#: an index past either end of an array (:func:`algoverify.math.numeric.lookup`'s message)
_OUT_OF_RANGE = re.compile(r"^index (-?\d+ is out of range |range -?\d+\.\.-?\d+ is outside )")


def failed_run(result: Any, line_col: Callable[[int], tuple[int, int]], listing: Any = None) -> str:
    """What a failed run of the listing means for the claim: a refutation (returned) or :class:`CannotCheck`.

    An index out of range refutes when the note says where ``listing``'s indices start: the
    reading is the note's own, so reading past an end is the listing's mistake. Otherwise the
    listing may count from where algoverify did not assume, and the claim cannot be judged.
    """
    f = result.finding
    context = getattr(listing, "context", None)
    unbound = f.details.get("name") if f.code == "AV303" else None
    if f.code == "AV307" and len(f.details.get("missing") or ()) == 1:  # an input the prose says in words
        (unbound,) = f.details["missing"]
    said = context.said_in_words(unbound, lambda at: line_col(at)[0]) if context is not None and unbound else None
    if said is not None:  # what lint said of the name: why nothing binds it ("Write B for the inverse of A")
        f = dataclasses.replace(f, message=f"{f.message}: {said}")
    line, col = line_col(f.span.start) if f.span is not None else (0, 0)
    text = f"the listing failed at line {line}:{col}: {f.code} {f.message}"
    source = getattr(getattr(listing, "source", None), "text", None)
    own = getattr(getattr(listing, "algorithm", None), "span", None)
    in_prose = f.span is not None and source is not None and not _in_a_listing(source, f.span.start)
    if in_prose and own is not None and own.start <= f.span.start <= own.end:  # type: ignore[union-attr]
        in_prose = False  # the listing's own block (\begin{algorithm}, its caption), as a run locates its inputs
    if f.code != PRECONDITION and in_prose:
        # what failed is a formula of the prose the run read (a definition, a function): our reading of
        # the prose, which says nothing of the listing (a precondition the prose states is still the note's)
        raise CannotCheck(f"{text} (in the prose, as algoverify read it for the run)", f)
    assumed = getattr(context, "nonzero_divisors", None)
    if assumed is not None and f.code == "AV302" and f.message.startswith("division by zero"):
        # the note assumes no denominator vanishes: a draw where one does is outside it, never a refutation
        raise Rejected(f"a denominator vanished, which the note assumes never happens (line {assumed})", f)
    if f.code == "AV302" and f.message.startswith(_OWN_LIMIT):
        # our limit on a listing's integers: a runaway (a loop that never ends squaring) is caught so, and
        # an input that legitimately makes such integers is said how to narrow
        return f"{text}; if the integers are right, narrow the draws so that they stay smaller"
    if f.code in REFUTING_CODES:
        return text
    if getattr(listing, "index_base_said", False) and _OUT_OF_RANGE.match(f.message) and BOUNDARY_HINT not in f.message:
        return text  # … never a boundary the note gives and no run reads: that says nothing of the claim
    if _GAP.search(f.message):  # a table the listing built, read where it stored nothing
        return text
    if _EMPTY.search(f.message):  # a pop, or "the last vertex", of a list the listing itself emptied
        return text
    if f.code == PRECONDITION and f.details.get("inside"):
        return f"{text}, in a call the listing makes"  # its own call broke the contract it states
    if f.code == PRECONDITION:
        # draws are counted by the condition they broke, not by the value that broke it
        raise Rejected(f"{re.sub(r' [(][^()]*[)]$', '', f.message)} (line {line})", f)
    raise CannotCheck(text, f)


#: The finding of a run whose inputs break the listing's ``\Require``: the trial is drawn again.
PRECONDITION = "AV309"

__all__ = [
    "shrink_spec",
    "simplify_values",
    "search",
    "Rejected",
    "NotReached",
    "CannotCheck",
]


def _smaller_specs(text: str) -> list[str]:
    """Variants of a call drawing from a smaller part of its own class: ``integers(a, b)`` → ``integers(a, m)``.

    Only a range shrinks, towards its lower bound and inside ``[a, b]``: a size drawn from it
    (``n: "integers(1, 8)"``) draws the arrays of size ``n`` again, smaller. A size the spec
    writes (``randn(1000, 1000)``, ``spd(6)``, ``graph(12)``) is the class the check names, and a
    counterexample of another size would refute a claim about another class: it is kept.
    """
    call = split_call(text)
    if call is None:
        return []
    name, args = call
    if name == "integers" and len(args) == 2 and all(a.strip().lstrip("-").isdigit() for a in args):
        lo, hi = int(args[0]), int(args[1])
        # the smallest first, then doubling steps to the middle: the first that fails is near the least
        middle = (lo + hi) // 2
        ladder = {lo + step for step in (0, 1, 2, 4, 8, 16) if lo + step < middle} | {middle}
        return [f"integers({lo}, {b})" for b in sorted(ladder) if lo <= b < hi]
    return []


#: Draws of each smaller size range while shrinking: one draw of a size that can fail often does not
#: (a most frequent value differs from the vote's candidate in some arrays of length 5, not in most)
SIZE_DRAWS = 4


def shrink_spec(spec: dict[str, Any], fails: Callable[[dict[str, Any]], bool], budget: int = 40) -> dict[str, Any]:
    """Return a spec with smaller generator sizes that still fails (at most ``budget`` attempts)."""
    current = dict(spec)
    improved = True
    while improved and budget > 0:
        improved = False
        for name, text in current.items():
            if not isinstance(text, str):
                continue
            for candidate in _smaller_specs(text):
                budget -= 1
                trial = dict(current, **{name: candidate})
                if fails(trial):
                    current, improved = trial, True
                    break
                if budget <= 0:
                    return current
            if improved:
                break
    return current


def simplify_values(
    values: dict[str, Any],
    fails: Callable[[dict[str, Any]], bool],
    classes: dict[str, Callable[[Any], bool] | None] | None = None,
) -> dict[str, Any]:
    """Each value made simpler while the claim fails: a float to a whole number or 1–4 digits, an integer towards 0.

    ``classes`` gives, per name, the test of the class its generator draws from (``uniform(0, 1)``
    stays in ``[0, 1)``, ``spd(n)`` positive definite, ``randn`` finite); a simpler value outside
    it is never tried. A value without a test (a literal, a generator of the note's own) is kept.
    The values are gone over again while a round made one simpler (at most :data:`_ROUNDS`
    rounds): ``a = 983`` could not shrink beside the drawn ``b = 381``, and can beside the ``b = 3``
    that ``b`` shrank to after it.
    """
    current = values  # the same mapping when nothing simpler fails: the caller need not run it again
    for _ in range(_ROUNDS):
        simpler = _simplify_once(current, fails, classes)
        if simpler is current:
            break
        current = simpler
    return current


#: Rounds of :func:`simplify_values` over all the values at most.
_ROUNDS = 3


def _simplify_once(
    values: dict[str, Any],
    fails: Callable[[dict[str, Any]], bool],
    classes: dict[str, Callable[[Any], bool] | None] | None,
) -> dict[str, Any]:
    current = values
    for name, value in values.items():
        inside = (classes or {}).get(name)
        if inside is None:
            continue
        if _is_integral(value):
            current = _smaller_integers(current, name, inside, fails)
            continue
        if not _is_float(value):
            continue
        simpler = [_whole(value)] + [_round(value, digits) for digits in (1, 2, 3, 4)]
        current = _first_simpler(current, name, simpler, inside, fails) or current
        current = _unsigned_zeros(current, name, inside, fails)
    return current


def _unsigned_zeros(
    values: dict[str, Any], name: str, inside: Callable[[Any], bool], fails: Callable[[dict[str, Any]], bool]
) -> dict[str, Any]:
    """``values`` with each ``-0.0`` of ``name`` (a rounded ``-0.3``) written ``0.0``, unless the sign makes it fail."""
    value = values[name]
    arr = np.asarray(value)
    if not bool(np.any((arr == 0) & np.signbit(arr))):
        return values
    plain = arr + 0.0  # -0.0 + 0.0 is 0.0; every other entry is itself
    unsigned = float(plain) if np.ndim(value) == 0 else plain
    if not _safely(inside, unsigned):
        return values
    trial = dict(values, **{name: unsigned})
    return trial if fails(trial) else values  # 1 / -0.0 is -inf: a sign that matters stays


def _first_simpler(
    values: dict[str, Any],
    name: str,
    candidates: Any,
    inside: Callable[[Any], bool],
    fails: Callable[[dict[str, Any]], bool],
) -> dict[str, Any] | None:
    """``values`` with ``name`` set to the first candidate that differs, stays in the class and still fails."""
    value = values[name]
    for simpler in candidates:
        if same_value(simpler, value) or not _safely(inside, simpler):
            continue
        trial = dict(values, **{name: simpler})
        if fails(trial):
            return trial
    return None


def _is_float(value: Any) -> bool:
    return isinstance(value, float) or (isinstance(value, np.ndarray) and value.dtype.kind == "f")


def _is_integral(value: Any) -> bool:
    if isinstance(value, bool):
        return False
    return isinstance(value, (int, np.integer)) or (isinstance(value, np.ndarray) and value.dtype.kind in "iu")


#: Tries per integer value: each halves its distance to zero or steps one closer, so a value a
#: thousand away needs about ten.
_INTEGER_TRIES = 24
#: integers this close to zero are tried one by one, smallest first, before the halving
_SCAN = 12


def _smaller_integers(
    values: dict[str, Any], name: str, inside: Callable[[Any], bool], fails: Callable[[dict[str, Any]], bool]
) -> dict[str, Any]:
    """An integer value (or array) moved towards zero while it stays in its class and the claim fails."""
    current = values
    if np.ndim(values[name]) == 0:
        # the smallest failing integers first, as a reader would try them (φ(n) wrong at 4 and 9, not only at 25)
        value = int(values[name])
        small = sorted((c for c in range(-_SCAN, _SCAN + 1) if abs(c) < abs(value)), key=lambda c: (abs(c), c < 0))
        found = _first_simpler(current, name, small, inside, fails)
        if found is not None:
            return found
    for _ in range(_INTEGER_TRIES):
        arr = np.asarray(current[name])
        halved = np.sign(arr) * (np.abs(arr) // 2)  # halfway to zero, from either side
        steps = (np.zeros_like(arr), np.sign(arr), halved, arr - np.sign(arr))
        found = _first_simpler(current, name, (int(c) if arr.ndim == 0 else c for c in steps), inside, fails)
        if found is None:
            return current
        current = found
    return current


def _whole(value: Any) -> Any:
    with np.errstate(all="ignore"):
        out = np.where(np.isfinite(value), np.round(value), value)
    return float(out) if np.ndim(value) == 0 else out


def same_value(a: Any, b: Any) -> bool:
    """Whether two values are equal, arrays entry by entry (NaN equal to NaN); else whether they are one object."""
    try:
        return bool(np.array_equal(np.asarray(a), np.asarray(b), equal_nan=True))
    except (TypeError, ValueError):
        return a is b


def _safely(inside: Callable[[Any], bool], value: Any) -> bool:
    try:
        return bool(inside(value))
    except Exception:  # noqa: BLE001 - a test that cannot judge a value keeps the drawn one
        return False


def _round(value: Any, digits: int) -> Any:
    with np.errstate(all="ignore"):
        arr = np.asarray(value, dtype=float)
        # an infinite distance (no edge) or a NaN is a value of its own, never rounded into NaN
        finite = np.isfinite(arr)
        plain = np.where(finite & (arr != 0), arr, 1.0)
        mag = np.where(arr == 0, 0, np.floor(np.log10(np.abs(plain))))
        scale = 10.0 ** (digits - 1 - mag)
        out = np.where(finite, np.round(plain * scale) / scale, arr)
        out = np.where(arr == 0, 0.0, out)
    return float(out) if np.ndim(value) == 0 else out


def _same_values(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """Whether two trials drew the same values (arrays compared entry by entry)."""
    if a.keys() != b.keys():
        return False
    for key, value in a.items():
        try:
            if not same_value(value, b[key]):
                return False
        except Exception:  # noqa: BLE001 - ragged lists, objects without equality: only the same object is the same
            if value is not b[key]:
                return False
    return True


#: Trials of a check that names no count (nor its note, the project or ``--trials``): the
#: second number, unless the listing's runs have executed :data:`AUTO_WORK` statements by then
#: (each execution counted) — then as many as ran by then, and never fewer than the first. A
#: hundred trials find a failure one input in fifty shows nine times in ten (twenty find it a
#: third of the time). The work is counted, not timed, so that the count, and the verdict, are
#: the same on every run, however busy the machine: a count cut by the clock verified a claim
#: on a loaded machine that failed at its 21st trial on an idle one.
AUTO_TRIALS = (20, 100)
AUTO_WORK = 200_000
#: Seconds all trials and the shrinking of one check may take together (``budget:``).
DEFAULT_BUDGET = 30.0
#: The share of what is left of the budget that shrinking may spend once a trial has failed.
SHRINK_SHARE = 0.25
#: Draws per planned trial before a check whose inputs keep breaking ``given:`` or the
#: listing's ``\Require`` gives up on reaching its count.
_REDRAWS = 10


class NotReached(Rejected):
    """A trial whose run never reached the statement an invariant watches (a loop made no pass).

    Not the draws' fault: the report says what did not run and on how many draws.
    """


class _Plan:
    """How many trials a check runs, and until when."""

    def __init__(self, check: Any, executed: Callable[[], int]) -> None:
        self.exact = check.trials  # None: the default count, cut short past AUTO_WORK
        self.executed = executed
        self.executed_before = executed()
        self.start = time.monotonic()
        self.budget = float(check.get("budget", DEFAULT_BUDGET))
        self.deadline = self.start + self.budget
        self.cut: str | None = None  # why fewer trials ran than planned
        self.nothing_drawn = False  # a check with no inputs to draw: every trial would be the same run
        self.all_given = False  # … because every input is a value the spec writes out

    @property
    def planned(self) -> int:
        if self.nothing_drawn:
            return 1
        return self.exact if self.exact is not None else AUTO_TRIALS[1]

    def more(self, ran: int, drawn: int) -> bool:
        """Whether to draw another trial after ``ran`` tested ones out of ``drawn``."""
        if ran >= self.planned or drawn >= _REDRAWS * self.planned:
            return False
        now = time.monotonic()
        if now >= self.deadline:
            self.cut = f"the check's budget of {self.budget:g} s ran out"
            return False
        if self.exact is None and ran >= AUTO_TRIALS[0] and self.executed() - self.executed_before >= AUTO_WORK:
            self.cut = f"the default count stops at {AUTO_WORK:,} statements run; `trials:` sets one"
            return False
        return True

    def shrink_deadline(self) -> float:
        now = time.monotonic()
        return now + max(0.0, self.deadline - now) * SHRINK_SHARE

    def count(self, ran: int) -> str:
        """``100 trials``, or ``12 of 100 trials (the check's budget of 30 s ran out)``."""
        if self.all_given:
            return "its one run (the spec gives every input's value, so every trial would be the same)"
        if self.nothing_drawn:
            return "its one run (the check draws no inputs, so every trial would be the same)"
        if self.cut is not None and ran < self.planned:
            return f"{ran} of {self.planned} trials ({self.cut})"
        return f"{ran} trial" if ran == 1 else f"{ran} trials"


def _all_given(spec: dict[str, Any]) -> bool:
    """Whether every input is a value written out (a number, a list): nothing is drawn, every trial the same."""
    from ..specification.schema import as_number

    def written(v: Any) -> bool:
        return (isinstance(v, (int, float, list)) and not isinstance(v, bool)) or (
            isinstance(v, str) and as_number(v) is not None
        )

    return bool(spec) and all(written(v) for v in spec.values())


#: inputs that also get an edge of their own while the others are drawn (``b = 0`` beside a random ``a``)
ALONE = 3
#: the random trials whose whole numbers are drawn near the low end of their range, and how near
NEAR_TRIALS = 30


def near_reach(random_trial: int) -> int | None:
    """How far above its low end the ``random_trial``-th random trial draws a whole number (``None``: anywhere).

    A claim false only at small numbers (Euclid's count of divisions against ``1 + log2 b``, wrong
    at ``a = 2, b = 3`` and at few other pairs under 10,000) is all but never met by 100 draws from
    ``integers(1, 10000)``. As QuickCheck grows its size, the first random trials draw from
    ``[low, low + 2]``, then wider, the range whole after :data:`NEAR_TRIALS`.
    """
    if not 0 <= random_trial < NEAR_TRIALS:
        return None
    return 2 + random_trial + random_trial * random_trial // 4


def structured_rows(inputs_spec: dict[str, Any]) -> tuple[str, ...]:
    """The first trials: :data:`ROWS` for every input at once, then each of the first inputs alone at its edges.

    A row that meets the other inputs' members misses a claim false where one input alone is at
    an edge (Euclid's ``b = 0`` for any ``a``): ``low:b`` and ``zero:b`` try that, the rest drawn.
    """
    names = [n for n, text in inputs_spec.items() if isinstance(text, str)][:ALONE]
    return ROWS + tuple(f"{edge}:{name}" for name in names for edge in ("low", "zero"))


def search(
    check: Any,
    ctx: Any,
    inputs_spec: dict[str, Any],
    attempt: Callable[[dict[str, Any]], str | None],
    *,
    success: str,
    extra: Sequence[tuple[str, dict[str, Any]]] = (),
) -> Any:
    """Run the check's trials; at the first failing one, shrink its inputs and return the verdict.

    ``attempt(values)`` returns ``None`` when the claim holds for ``values``, :data:`SKIP` when
    its ``given:`` is false, else what went wrong; it raises :class:`Rejected` for inputs outside
    the listing's precondition and :class:`CannotCheck` when the claim cannot be tested at all.
    With ``ctx.fixed`` (``algoverify run --check``), one trial runs on exactly those values.
    ``extra`` holds ``(label, values)`` candidates tried first (sympy's counterexample): one that
    fails is the verdict's counterexample, shown with its label; one that does not leaves the
    trials to run as they would without it.
    """
    attempt = _exactly_confirmed(ctx, attempt)
    if getattr(ctx, "fixed", None) is not None:
        return _once(check, ctx, inputs_spec, attempt)
    for label, values in extra:
        found = candidate(check, ctx, attempt, label, values)
        if found is not None:
            return found
    plan = _Plan(check, getattr(ctx, "executed", lambda: 0))
    ran = drawn = 0
    skipped: dict[str, int] = {}
    unreached: set[str] = set()  # reasons of NotReached: said as what did not run, not as draws at fault
    cause: Finding | None = None
    structured: list[dict[str, Any]] = []  # the values of the structured trials so far
    rows = structured_rows(inputs_spec)
    while plan.more(ran, drawn):
        trial, drawn = drawn, drawn + 1
        row = rows[trial] if trial < len(rows) else None  # the first trials try structured members
        reach = near_reach(trial - len(rows))
        values = ctx.draw(check, inputs_spec, ctx.rng(check, trial), row, reach=reach)
        if trial == 0 and not values:
            plan.nothing_drawn = True
        elif trial == 0 and _all_given(inputs_spec):  # only values written out ({A: [[2, 1], [1, 3]], K: 60})
            plan.nothing_drawn = plan.all_given = True
        if row is not None:
            if any(_same_values(values, earlier) for earlier in structured):
                # a row that gives the inputs nothing new is an ordinary trial: each trial counted is another test
                row, values = None, ctx.draw(check, inputs_spec, ctx.rng(check, trial))
            else:
                structured.append(values)
        started = time.monotonic()
        try:
            problem = attempt(values)
        except CannotCheck as exc:
            if row is not None and exc.finding is not None and exc.finding.code == EvaluationFailed.code:
                # a structured member is ours, not the spec's draw (a zero X_1 makes S_W singular): a run
                # it stops says nothing of the claim; the random draws decide, and the verdict says so
                reason = f"structured members the listing could not run on ({exc.finding.code} {exc.finding.message})"
                skipped[reason] = skipped.get(reason, 0) + 1
                cause = exc.finding
                continue
            # "_ran": how many trials ran through before this one stopped (0: the listing ran on no draw)
            details: dict[str, Any] = {"inputs": format_inputs(values), "_ran": ran}
            if exc.finding is not None:
                details["cause"] = exc.finding
            return Verdict(None, f"trial {trial + 1}: {exc.message}", trial + 1, details)
        except Rejected as exc:
            skipped[str(exc)] = skipped.get(str(exc), 0) + 1
            if isinstance(exc, NotReached):
                unreached.add(str(exc))
            cause = exc.finding or cause
            continue
        if problem == SKIP:
            skipped["`given:` was false"] = skipped.get("`given:` was false", 0) + 1
            continue
        if problem is None:
            ran += 1
            continue
        recording.pin()  # the counterexample's run, unless shrinking finds a smaller one
        if getattr(ctx, "shrink", True):
            failed = values
            values, problem = _shrunk(
                check, ctx, inputs_spec, attempt, (trial, row, reach), values, problem, plan, started
            )
            if values is not failed:  # the last attempt ran on the smaller counterexample
                recording.pin()
        details = counterexample_details(ctx.path, check, values)
        return Verdict(False, f"trial {trial + 1}: {problem}", trial + 1, details)
    if ran == 0:
        why = "; ".join(
            f"{reason} on {_draws(n)}" if reason in unreached else f"{reason} ({_draws(n)})"
            for reason, n in skipped.items()
        )
        why = why or "the check's budget ran out"
        details = {"_ran": 0, **({"cause": cause} if cause else {})}
        return Verdict(None, f"no trial tested the claim: {why}", drawn, details)
    held = success.replace("{trials}", plan.count(ran))
    if skipped:
        said = (
            f"{reason} on {_draws(n)}" if reason in unreached else f"{_draws(n)} skipped: {reason}"
            for reason, n in skipped.items()
        )
        held += " (" + ", ".join(said) + ")"
    return Verdict(True, held, ran)


def _exactly_confirmed(ctx: Any, attempt: Callable[[dict[str, Any]], str | None]) -> Callable[[dict[str, Any]], Any]:
    """``attempt``, whose refutations are first asked again in exact arithmetic (:meth:`exact_breakdown`)."""
    breakdown = getattr(ctx, "exact_breakdown", None)
    if breakdown is None:
        return attempt

    def confirmed(values: dict[str, Any]) -> str | None:
        problem = attempt(values)
        if problem is not None and problem != SKIP:
            why = breakdown()
            if why is not None:
                raise Rejected(why)
        return problem

    return confirmed


def candidate(
    check: Any, ctx: Any, attempt: Callable[[dict[str, Any]], str | None], label: str, values: dict[str, Any]
) -> Any:
    """The refuting verdict of a candidate counterexample, or ``None`` when it holds or cannot be tested."""
    try:
        problem = attempt(dict(values))
    except (CannotCheck, Rejected):
        return None  # the trials meet the same cause, at a draw of their own, and report it there
    if problem in (None, SKIP):
        return None
    recording.pin()
    return Verdict(False, f"{label}: {problem}", 1, counterexample_details(ctx.path, check, values))


def _draws(n: int) -> str:
    return "1 draw" if n == 1 else f"{n} draws"


def _shrunk(
    check: Any,
    ctx: Any,
    inputs_spec: dict[str, Any],
    attempt: Callable[[dict[str, Any]], str | None],
    at: tuple[int, str | None, int | None],
    values: dict[str, Any],
    problem: str,
    plan: _Plan,
    started: float,
) -> tuple[dict[str, Any], str]:
    """The smallest failure found within the shrinking share of the budget (else the trial's own)."""
    kind = signature(problem)
    cost = time.monotonic() - started  # a try costs about what the failing trial did
    deadline = plan.shrink_deadline()

    def fails(draw: Callable[[], dict[str, Any]]) -> bool:
        if time.monotonic() + cost > deadline:
            return False  # no time for another try: keep the smallest failure found so far
        return _fails(attempt, draw, kind)

    trial, row, reach = at

    def redraw(spec: dict[str, Any], again: int = 0) -> dict[str, Any]:
        drawn = ctx.draw(check, spec, ctx.rng(check, trial, again), row, reach=reach)
        for name, text in spec.items():
            # a generator asked for a size its class has no member of (spd(1, cond=1000) is 1×1, condition 1)
            inside = ctx.membership(check, text, drawn) if text != inputs_spec.get(name) else None
            if inside is not None and not _safely(inside, drawn[name]):
                raise ValueError(f"{name}: {text} drew a value outside its class")
        return drawn

    failed_draw = 0  # shrink_spec keeps the last spec that failed: the draw it failed on

    def fails_drawn(spec: dict[str, Any]) -> bool:
        nonlocal failed_draw
        for again in range(SIZE_DRAWS):
            if fails(lambda again=again: redraw(spec, again)):  # type: ignore[misc]
                failed_draw = again
                return True
        return False

    smaller = shrink_spec(inputs_spec, fails_drawn)
    shrunk = redraw(smaller, failed_draw) if smaller != inputs_spec else values
    # a size changed alone would leave the arrays drawn from it at the old size (n = 2 beside three
    # entries): sizes shrink above, by drawing again, never here
    sizes = sizes_of(smaller)
    classes = {name: None if name in sizes else ctx.membership(check, text, shrunk) for name, text in smaller.items()}
    shrunk = simplify_values(shrunk, lambda v: fails(lambda: v), classes)
    if shrunk is values:
        return values, problem
    try:
        again = attempt(shrunk)
    except (CannotCheck, Rejected):
        again = None
    if again in (None, SKIP) or signature(again) != kind:  # shrinking must never lose the counterexample
        return values, problem
    return shrunk, again


def _once(check: Any, ctx: Any, inputs_spec: dict[str, Any], attempt: Callable[[dict[str, Any]], str | None]) -> Any:
    """One trial on the values ``ctx.fixed`` gives (the rest drawn as trial 1 draws them)."""
    drawn = ctx.draw(check, inputs_spec, ctx.rng(check, 0))
    # --set Delta_W=… of a check whose draw of Delta_W the listing reads as DeltaW: the value given, so spelled
    values = {**drawn, **ctx.spelled(check, dict(ctx.fixed))}
    try:
        problem = attempt(values)
    except CannotCheck as exc:
        return Verdict(None, exc.message, 1, {"inputs": format_inputs(values)})
    except Rejected as exc:
        return Verdict(None, f"the inputs are outside the listing's class: {exc}", 1)
    if problem == SKIP:
        return Verdict(None, "`given:` is false for these inputs: nothing was checked", 1)
    details = {"inputs": format_inputs(values), "compared": list(ctx.shown)}
    return Verdict(problem is None, problem or "the claim held on these inputs", 1, details)


#: What ``attempt`` returns for a trial whose precondition (``given:``) does not hold.
SKIP = "\0skip"


def signature(problem: str) -> str:
    """What kind of failure ``problem`` describes: a finding code, or the output or relation that differs.

    A smaller input counts as the same counterexample only when it fails the same way: a size
    mismatch created by shrinking must not replace the failure being shown.
    """
    code = re.search(r"\bAV\d{3}\b", problem)
    if code:
        return code.group(0)
    head = re.match(r"(?:trial \d+ of \d+: )?(.*?)(?: = | is false| has shape |$)", problem)
    text = head.group(1) if head else problem
    return re.sub(r"-?\d+(\.\d+)?(e-?\d+)?", "#", text)  # counts and values may shrink; the kind may not


def _fails(attempt: Callable[[dict[str, Any]], str | None], draw: Callable[[], dict[str, Any]], kind: str) -> bool:
    try:
        problem = attempt(draw())
    except Exception:  # noqa: BLE001 - an input that breaks the check differently is not a smaller counterexample
        return False
    return problem not in (None, SKIP) and signature(problem) == kind


def _in_a_listing(text: str, at: int) -> bool:
    """Whether offset ``at`` of a note's ``text`` lies inside an ``algorithmic`` environment."""
    opened = text.rfind("\\begin{algorithmic}", 0, at)
    return opened >= 0 and text.find("\\end{algorithmic}", opened, at) < 0
