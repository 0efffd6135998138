"""*property* checks: a LaTeX relation holds on every trial.

Over a listing's run (``listing:``): the relation sees the inputs, every variable the run
assigned (its last value) and the outputs, and each input's value on entry as ``x^{(0)}``.
With ``at:`` or ``after:`` it is an invariant, tested each time a statement is about to run
(a loop's header: at the start of every pass and when the loop ends) or has run; it also sees
each variable's value at the previous test as ``x^{(\\mathrm{prev})}``. Over random draws (``draw:``): it sees the drawn
symbols and the ``let:`` definitions, which may be functions (``M(T): …``) so that a relation
can compare two draws (monotonicity, convexity along a segment). ``given:`` is a precondition:
trials where it is false are skipped.
"""

from __future__ import annotations

import re
from typing import Any, Callable

import numpy as np

from ...findings import Finding, LocatedError, PreconditionViolated, SpecReferenceError
from ...math.exact import as_float, to_exact
from ...math.ops import Sequence, seen
from ...records import frozen
from ...running.listing import ExecutionError
from ...running.signature import recurrences
from ..evidence.proof import PROVED, Proof, Subjects, beside, provable, prove
from ..evidence.trials import (
    REFUTING_CODES,
    SKIP,
    CannotCheck,
    NotReached,
    Rejected,
    candidate,
    failed_run,
    same_value,
    search,
)
from ..outcome import Verdict
from ..specification import bounds
from ..specification.context import CheckContext, entry_values, taken, tolerance
from ..specification.spec import CheckSpec, Statements
from .entries import cut, differing
from .let_inputs import let_inputs, with_parts
from .run_values import counters, final
from .subjects import RunFailed, snippet_functions


def run(check: CheckSpec, ctx: CheckContext) -> Verdict:
    """Evaluate ``holds:`` on each trial: over the listing's last state, at a statement on every pass, or over draws."""
    listing = ctx.listing(check) if check.get("listing") is not None else None
    if check.get("arithmetic") == "exact":
        _exact_form(check, listing)
    if check.get("equation") is not None:
        ctx.block(check, "math", key="equation")  # the equation it backs must exist
    spec = check.draws
    holds = str(check.get("holds"))
    place = _place(check, ctx, listing) if listing is not None else None
    with snippet_functions(check, ctx) as snippet:

        def attempt(values: dict[str, Any]) -> str | None:
            env = dict(ctx.functions)
            env.update(snippet)
            env.update(values)
            return _attempt(check, ctx, listing, place, values, env)

        # the trials run first; sympy's point, when the proof finds one, is then tried as one more
        verdict = search(check, ctx, spec, attempt, success=holds + " held on {trials}" + _where(check, place))
        proof = _proof(check, ctx)
        if proof is not None and proof.counterexample:
            # sympy's point is tried as a trial like any other: it refutes only if the numbers fail, and
            # then it is the counterexample shown, small numbers a reader checks in their head
            found = candidate(check, ctx, attempt, "sympy's counterexample", dict(proof.counterexample))
            verdict = found if found is not None else verdict
    if proof is not None and proof.status == PROVED and verdict.holds is True:
        verdict.message = f"{holds} proved {proof.scope};{verdict.message[len(holds) :]}"
    return beside(verdict, proof, " is false")


def _exact_form(check: CheckSpec, listing: Any) -> None:
    """``arithmetic: exact`` compares one float run with one exact run: it needs a listing run once."""
    if listing is None:
        where, why = check.at("arithmetic"), "it needs a listing: to run in floats and exactly"
    else:
        other = next((k for k in ("as", "at", "after") if check.get(k) is not None), None)
        if other is None:
            return
        where, why = check.at(other), f"it compares the outputs of one run, and {other}: runs the listing otherwise"
    raise LocatedError(SpecReferenceError, where, check=check.id, message=f"arithmetic: exact: {why}")


def _proof(check: CheckSpec, ctx: CheckContext) -> Proof | None:
    """The sympy proof of ``holds:``, tried after the trials (``None``: none tried)."""
    if getattr(ctx, "fixed", None) is not None or not ctx.proves(check) or provable(check) is None:
        return None
    subjects = _subjects(check, ctx)
    return prove(check, shadowed=frozenset(ctx.functions), subjects=subjects, cache=ctx.proofs)


def _subjects(check: CheckSpec, ctx: CheckContext) -> Subjects:
    """What the relation reads that sympy must compute: the listing's run, the listings and snippet it calls."""
    calls = [(lst.name, lst) for lst in ctx.loaded.listings if lst.name]
    listing = None
    if check.get("listing") is not None:
        own = ctx.listing(check)
        if check.get("as") is not None:
            calls.append((str(check.get("as")), own))
        else:
            listing = own
    snippet = None
    if check.get("snippet") is not None:
        block = ctx.block(check, "python", key="snippet")
        snippet = ctx.report.note.source.text[block.body_span.start : block.body_span.end]
    return Subjects(listing, tuple(calls), snippet)


def _attempt(
    check: CheckSpec, ctx: CheckContext, listing: Any, place: Any, values: dict[str, Any], env: dict[str, Any]
) -> str | None:
    """One trial: the relation over the draws, the listing's last state, or at a statement on every pass."""
    if listing is None:
        return _judge(check, ctx, env)
    if check.get("as") is not None:
        # S(x, v, h) of a step that also takes the force F the `let:` defines: each call is given that F
        values = let_inputs(check, ctx, listing, values, env)
        env[str(check.get("as"))] = _callable(check, ctx, listing, values)
        # b_n beside C(B, 1): n is the size of the family the trial drew, as each call's run binds it
        sized = listing.program.family_sizes(taken(listing, values))
        env.update({k: v for k, v in sized.items() if k not in env})
        return _judge(check, ctx, env)
    on_entry = _given_on_entry(check, ctx, with_parts(listing, env))
    if on_entry is False:
        return SKIP  # a precondition on the inputs: the listing never runs on them (a singular matrix)
    try:
        values = let_inputs(check, ctx, listing, values, env)
    except LocatedError:
        broken = _excluded(listing, values)
        # A^{-1} of a singular A drawn: the note assumes A invertible, and the listing never runs on it
        if broken is not None:
            line = ctx.report.note.source.line_col(broken.span.start)[0] if broken.span is not None else 0
            finding = broken.to_finding(ctx.report.path)
            raise Rejected(f"{re.sub(r' [(][^()]*[)]$', '', finding.message)} (line {line})", finding) from None
        raise
    entry = entry_values(listing, values)
    if place is not None:
        return _invariant(check, ctx, listing, values, env, entry, place)
    result = ctx.run_listing(check, listing, values)
    if result.finding is not None:
        _beyond_the_floats(ctx, result.finding)
        if on_entry is None and check.get("given") is not None and result.finding.code == "AV302":
            # `given: \lvert X_n \rvert < 10^{100}` over what the run computes: a run whose floats
            # broke has no values to decide it on, and the author kept such runs out
            line = ctx.report.note.source.line_col(result.finding.span.start)[0] if result.finding.span else 0
            raise Rejected(f"the run failed ({result.finding.message}) before `given:` could be decided (line {line})")
        return failed_run(result, ctx.report.note.source.line_col, listing)
    env.update(entry)
    env.update(final(listing, result))
    # the sizes the run bound from the inputs' shapes (n of "x has n entries") are names of the relation too
    bound = listing.program.bound_inputs(taken(listing, values))
    # … and S of a family written from 0, as drawn and never assigned, is read as the listing reads it (S_0 first)
    # … and u_{k+1}, …, u_N, numbered from k + 1 as written
    renumbered = [name for name, *_ in listing.program.starts] + [name for name, _ in listing.program.lowered]
    lowered = {name for name in renumbered if env.get(name) is values.get(name)}
    env.update({k: v for k, v in bound.items() if (k not in env or k in lowered) and not callable(v)})
    if check.get("arithmetic") == "exact":
        exact = listing.run(taken(listing, values), budget=ctx.budget(check), exact=True)
        if exact.finding is not None:
            return failed_run(exact, ctx.report.note.source.line_col, listing)
        # every value as the rational it is (a float's own), so that `s - s^{(exact)}` is computed exactly
        env = {k: v if callable(v) else to_exact(v) for k, v in env.items()}
        # not a loop's counter where it stopped: i^{(exact)} is no name, and i_of_exact beside R^{(exact)}_{ij}
        # turned the entry into a read of i_of_exact's
        loops = counters(listing)
        env.update({f"{k}_of_exact": v for k, v in final(listing, exact).items() if k not in loops})
    # `given: N \ge 1` of an input N the listing counts down: held on entry, it is not asked of the final N
    ran = frozenset(k for k in check.get("let") or {} if str(k) in listing.inputs and str(k) in env)

    def judge(state: dict[str, Any]) -> str | None:
        return _judge(check, ctx, state, given_held=on_entry is True, ran=ran)

    # what each name held on entry: the inputs, and the sizes bound from their shapes (n of the heap's A[1..n])
    given = {k: env[f"{k}_of_0"] for k in listing.inputs if f"{k}_of_0" in env}
    given.update({k: v for k, v in bound.items() if k not in given and not callable(v)})
    env.update({f"{k}_of_0": v for k, v in given.items() if f"{k}_of_0" not in env})  # n^{(0)} of a size too

    try:
        problem = judge(env)
        if problem is not None and problem != SKIP:
            _two_readings(check, ctx, listing, env, given, judge)
        return problem
    except CannotCheck as exc:
        # the heap's "\forall i \in \{2, \dots, n + 1\}: …" after n \gets n + 1: read past the end with the n the
        # run left, it holds with the n given; the check says which n it read
        if exc.finding is not None and exc.finding.code == "AV306":
            _two_readings(check, ctx, listing, env, given, judge, failed=exc.message)
        raise
    except LocatedError as exc:
        if exc.rule.code == "AV306":
            _two_readings(check, ctx, listing, env, given, judge, failed=str(exc))
        outputs = [name for name in listing.outputs or () if name in env and env[name] is None]
        nil = sorted(ctx.reads(check, str(check.get("holds")), env).intersection(outputs)) if outputs else []
        if not nil:
            raise
        # the listing ran and answered NIL (\Return \textsc{nil}: "not found") where the relation
        # needs its value: the claim about that value is false of this run, not beyond judging
        return f"{check.get('holds')} is false: the listing returned NIL for {', '.join(nil)} ({exc})"


def _two_readings(
    check: CheckSpec,
    ctx: CheckContext,
    listing: Any,
    env: dict[str, Any],
    given: dict[str, Any],
    judge: Callable[[dict[str, Any]], Any],
    failed: str | None = None,
) -> None:
    """Refuse to refute a claim that holds of the inputs and fails of what the run left in them.

    Lamé's "k \\le 1 + \\log_{\\varphi} b" of Euclid(a, b): the loop leaves b = 0, and read so the true bound
    fails; a reader means the b given. A name the listing takes and changes, and does not return, has
    two readings: when only one refutes, the check says so (``b^{(0)}`` is the input) and refutes nothing.
    """
    read = ctx.reads(check, str(check.get("holds")), env)
    outputs = set(listing.outputs or ())
    # `z = z^{(0)}`: a claim that writes the entry value beside the name means the last value by the name
    holds = str(check.get("holds"))
    read = {n for n in read if not _entry_written(n, holds)}
    changed = [
        n for n in sorted(read) if n in given and n not in outputs and n in env and not same_value(env[n], given[n])
    ]
    if not changed:
        return
    alt = {**env, **{n: given[n] for n in changed}}
    try:
        other = judge(alt)
    except Exception:  # noqa: BLE001 - the other reading has no value: the refutation stands as read
        return
    if other is not None:
        return
    left = ", ".join(f"{n} = {_shown(env[n])}" for n in changed)
    said = ", ".join(f"{n} = {_shown(given[n])}" for n in changed)
    zero = ", ".join(f"{n}^{{(0)}}" for n in changed)
    fails = "fails" if failed is None else f"has no value ({failed})"
    raise CannotCheck(
        f"holds: reads {', '.join(changed)}, which the listing changes: with what the run left ({left}) the claim "
        f"{fails}, with the input ({said}) it holds; write {zero} for the input, or name the last value in the listing"
    )


def _entry_written(name: str, latex: str) -> bool:
    """Whether ``latex`` writes ``name``'s entry value, ``z^{(0)}``."""
    from ...math.latex import identifier_latex

    written = re.escape(identifier_latex(name))
    return re.search(rf"(?<![A-Za-z\\]){written}\s*\^\s*\{{\s*\(0\)\s*\}}", latex) is not None


def _shown(value: Any) -> str:
    return str(value) if np.ndim(value) == 0 else np.array2string(np.asarray(value), threshold=6)


def _excluded(listing: Any, values: dict[str, Any]) -> LocatedError | None:
    """The listing's precondition the draws break (a singular A where A must be invertible), else ``None``."""
    try:
        listing.program.bound_inputs(taken(listing, values))
    except LocatedError as exc:
        return exc if exc.rule is PreconditionViolated else None
    except Exception:  # noqa: BLE001 - draws a binding cannot take say nothing of the preconditions
        return None
    return None


def _given_on_entry(check: CheckSpec, ctx: CheckContext, env: dict[str, Any]) -> bool | None:
    """``given:`` over the inputs alone, before the run; ``None`` when it reads what the run computes."""
    given = check.get("given")
    if given is None:
        return None
    inputs = dict(env)
    if check.get("arithmetic") == "exact":  # the relation is compiled exact: its values are the floats' rationals
        inputs = {k: v if callable(v) else to_exact(v) for k, v in inputs.items()}
    # let: r_1 over the residuals e_t the run computes has no value before the run (e_t there is the basis
    # vector): skipped, and given: over the inputs alone is still asked before the run
    ctx.let(check, inputs, partial=True)
    try:
        return _truth(ctx.evaluate(check, str(given), inputs, ("given", "on entry")))
    except (LocatedError, RunFailed):
        return None  # it names a variable of the run: judged after it, with the relation


def _callable(check: CheckSpec, ctx: CheckContext, listing: Any, values: dict[str, Any] | None = None) -> Any:
    """The listing as a function of its inputs by position (``as: f``): each call is a run of its own.

    With several outputs a call gives them all, each by its name (``f(x).lam``) or position (``f(x)_{1}``).

    Inputs the note binds beyond the listing's own (a size the spec draws, ``n`` of knapsack's
    items) may be left out of a call: they keep the trial's drawn values.
    """
    names = list(listing.inputs)
    own = len(listing.program.inputs) - len(listing.program.names.extra_inputs) if listing.program.names else len(names)
    drawn = values or {}
    record = _outputs_record(listing)

    def call(*args: Any, **named: Any) -> Any:
        if named:  # F(d, x_0, \eta, 0, T) of inputs (eta, delta, x_0, T, d): the names place d, x_0 and T
            rest = iter(args)
            placed = [named[n] if n in named else next(rest, _NONE) for n in names]
            gap = next((i for i, a in enumerate(placed) if a is _NONE), len(placed))
            args = tuple(placed[:gap])
        if own <= len(args) < len(names) and all(n in drawn for n in names[len(args) :]):
            args = (*args, *(drawn[n] for n in names[len(args) :]))
        if len(args) != len(names):
            raise LocatedError(
                SpecReferenceError,
                check.at("as"),
                check=check.id,
                message=f"{check.get('as')} takes {len(names)} input(s) ({', '.join(names)}), got {len(args)}",
            )
        result = listing.run(dict(zip(names, args)), budget=ctx.budget(check))
        if result.finding is not None:
            raise RunFailed(failed_run(result, ctx.report.note.source.line_col, listing))
        if record is not None and isinstance(result.value, tuple) and len(result.value) == len(record._fields):
            return record(*result.value)
        return result.value

    call.inputs = tuple(names)  # type: ignore[attr-defined]  # arguments written as an input's name go to it
    return call


_NONE = object()


def _outputs_record(listing: Any) -> Any:
    """The named tuple a call of ``listing`` returns (:func:`~algoverify.running.listing.outputs_record`)."""
    from ...running.listing import outputs_record

    return outputs_record(tuple(listing.outputs or ()))


def _judge(
    check: CheckSpec,
    ctx: CheckContext,
    env: dict[str, Any],
    at: str = "",
    *,
    given_held: bool = False,
    ran: frozenset[str] = frozenset(),
) -> str | None:
    """``None`` when ``holds:`` is true over ``env``, :data:`SKIP` when ``given:`` is false, else why not.

    ``given_held``: ``given:`` named only inputs and held on entry; it is not asked again of the run's state.
    ``ran``: the ``let:`` names the listing took as inputs: after the run they are what it made of them.
    """
    # a division by zero the note assumes away ("no pivot q_i(x) is zero") draws again, in a call too
    assumed = next((x for x in ctx.loaded.listings if getattr(x.context, "nonzero_divisors", None)), None)
    try:
        return _judged(check, ctx, env, at, given_held, ran)
    except RunFailed as exc:
        return str(exc)
    except ExecutionError as exc:
        # a listing the relation calls by name (\operatorname{Standardise}(x)) failed: as a run of it would,
        # its precondition broken draws again, a failure of its own refutes, anything else cannot be judged
        return failed_run(exc, ctx.report.note.source.line_col, assumed)
    except LocatedError as exc:
        if assumed is not None and exc.rule.code == "AV302" and str(exc).startswith("division by zero"):
            line = assumed.context.nonzero_divisors
            raise Rejected(f"a denominator vanished, which the note assumes never happens (line {line})") from exc
        if exc.rule.code == "AV306" and ", never set" in str(exc):
            # y_k read where the run stored none (at n = 1 only): said with the trial and its inputs
            raise CannotCheck(str(exc), exc.to_finding(ctx.path)) from exc
        raise


def _judged(
    check: CheckSpec, ctx: CheckContext, env: dict[str, Any], at: str, given_held: bool, ran: frozenset[str]
) -> str | None:
    holds, given = str(check.get("holds")), check.get("given")
    ctx.let(check, env, keep=ran)
    if given is not None and not given_held and not _truth(ctx.evaluate(check, str(given), env, ("given",))):
        return SKIP
    with np.errstate(all="ignore"):
        ok = ctx.evaluate(check, holds, env, ("holds",))
    if ctx.fixed is not None:  # the last test is the one to show (an invariant's failing pass)
        ctx.shown[:] = [_plain(w) for w in [_witness(check, ctx, env)] if w]
    if _truth(ok):
        return None
    return f"{holds} is false{at}" + _witness(check, ctx, env, failed=True) + _tolerance(check)


# --- invariants: a relation at a statement, on every pass ------------------------------------------


@frozen
class _Place:
    """Where an invariant is checked: the statement, whether after it ran, and how the report names it."""

    node: Any
    after: bool
    loop: bool
    line: int


def _place(check: CheckSpec, ctx: CheckContext, listing: Any) -> _Place | None:
    key = "after" if check.get("after") is not None else "at" if check.get("at") is not None else None
    if key is None:
        return None
    from ...syntax import ir

    res = Statements(listing.algorithm, ctx.report.note.source).resolve(check.get(key))
    if res.statement is None:
        details = {"candidates": [f"{s.line}:{s.column} {s.shown}" for s in res.candidates]}
        raise LocatedError(SpecReferenceError, check.at(key), details, check=check.id, message=res.problem)
    node = res.statement.node
    loop = isinstance(node, (ir.WhileBlock, ir.ForRange, ir.ForAll, ir.RepeatUntil)) and key == "at"
    return _Place(node, key == "after", loop, res.statement.line)


def _where(check: CheckSpec, place: _Place | None) -> str:
    if place is None:
        return ""
    if place.loop:
        return f" (at the loop of line {place.line}: every pass and its end)"
    return f" ({'after' if place.after else 'at'} line {place.line}, every time it ran)"


def _invariant(
    check: CheckSpec,
    ctx: CheckContext,
    listing: Any,
    values: dict[str, Any],
    env: dict[str, Any],
    entry: dict[str, Any],
    place: _Place,
) -> str | None:
    """Run the listing, testing ``holds:`` at ``place`` each time; the first pass that breaks it is the failure."""
    watch = _Watch(check, ctx, {**env, **entry}, place)
    watch.bare &= recurrences(listing.algorithm)  # p_k of a softmax is a vector's entries: ‖p‖ reads it whole
    result = listing.run(taken(listing, values), budget=ctx.budget(check), on_step=watch.on_step, on_pass=watch.on_pass)
    if result.finding is None:
        watch.finish()  # a run that stopped left a state no pass reached: nothing to test there
    elif watch.failure is None:  # a pass that broke the relation before the floats did is the failure
        _beyond_the_floats(ctx, result.finding)
    if result.finding is not None and result.finding.code not in REFUTING_CODES:
        # the listing cannot run as written (an unbound name, a form it cannot execute) or the draw
        # breaks its precondition: a pass that broke the relation before says nothing of the claim
        failed_run(result, ctx.report.note.source.line_col, listing)
    if watch.error is not None:
        raise watch.error
    if watch.failure is not None:
        return watch.failure
    if result.finding is not None:
        return failed_run(result, ctx.report.note.source.line_col, listing)
    if watch.tested == 0:
        raise NotReached(_not_reached(ctx, listing, place, result.trace, watch.uses_previous))
    return None


def _beyond_the_floats(ctx: CheckContext, finding: Finding) -> None:
    r"""Skip a draw whose run overflowed the floats: a relation of the reals says nothing of a value past 10^308.

    An Euler–Maruyama path with \(b(x) = 1 + x^2\) squares its way past the largest float on some
    draws: the step it claims is still the step it takes. What the floats cannot hold is untested,
    never refuted (a reference check, which has the true value to compare with, still says so).
    """
    if finding.code == "AV302" and finding.message.startswith("overflow"):
        line = ctx.report.note.source.line_col(finding.span.start)[0] if finding.span is not None else 0
        raise Rejected(f"the run's values left the floats' range (overflow at line {line})", finding)


_LOOPS = ("WhileBlock", "ForRange", "ForAll", "RepeatUntil", "LoopBlock", "UserBlock")


def _not_reached(ctx: CheckContext, listing: Any, place: _Place, trace: Any, previous: bool = False) -> str:
    """Why an invariant's statement was never tested on a run: a loop around it made no pass, or it was not reached.

    ``previous``: the relation reads the pass before, so a loop's first pass tests nothing either.
    """
    hits = trace.hits
    line = ctx.report.note.source.line_col
    chain = _enclosing(listing.algorithm, place.node) or [place.node]
    for outer, inner in zip(reversed(chain[:-1]), reversed(chain[1:])):
        # Jacobi's rotation inside \If{b_pq ≠ 0}, on the identity: the loops ran, the test never held
        if type(outer).__name__ == "IfBlock" and hits.get(outer.span, 0) and not _ran(inner, hits):
            if not any(type(n).__name__ in _LOOPS and not _ran_body(n, hits) for n in chain[: chain.index(outer)]):
                tested = line(outer.span.start)[0]
                return f"the statement at line {place.line} was not reached: the test at line {tested} never held"
    for node in reversed(chain):  # from the place outwards: the innermost loop that was entered and made no pass
        if type(node).__name__ in _LOOPS and hits.get(node.span, 0) and (node is not place.node or place.loop):
            if previous:  # its one pass had no pass before it to compare with
                return f"the loop at line {line(node.span.start)[0]} made no second pass, which the relation needs"
            return f"the loop at line {line(node.span.start)[0]} made no pass"
    if hits.get(place.node.span, 0):
        return f"the statement at line {place.line} ran, but no pass of it reached the point tested"
    return f"the statement at line {place.line} was not reached"


def _ran(node: Any, hits: dict[Any, int]) -> bool:
    """Whether anything of ``node`` (a branch, a statement) ran."""
    if hits.get(getattr(node, "span", None), 0):
        return True
    return any(_ran(child, hits) for child in getattr(node, "body", ()) or ())


def _ran_body(loop: Any, hits: dict[Any, int]) -> bool:
    """Whether a loop made a pass: a statement of its body ran."""
    return any(_ran(child, hits) for child in getattr(loop, "body", ()) or ())


def _enclosing(root: Any, target: Any) -> list[Any]:
    """The nodes from ``root`` down to ``target`` (both included), or ``[]`` when it is not inside."""
    if root is target:
        return [root]
    for child in getattr(root, "body", ()) or ():
        found = _enclosing(child, target)
        if found:
            return [root, *found]
    for branch in getattr(root, "branches", ()) or ():
        found = _enclosing(branch, target)
        if found:
            return [root, *found]
    return []


class _Watch:
    """The listing's step events, turned into tests of ``holds:`` at one statement."""

    def __init__(self, check: CheckSpec, ctx: CheckContext, base: dict[str, Any], place: _Place) -> None:
        self.check, self.ctx, self.base, self.place = check, ctx, base, place
        self.start = place.node.span.start
        self.end = place.node.span.end
        self.passes = self.tested = 0
        self.previous: dict[str, Any] | None = None
        self.uses_previous = _mentions(check, "_of_prev")
        self.bare = _bare_names(check)
        self.pending: dict[int, dict[str, Any]] = {}  # frames whose statement ran and awaits its `after`
        self.failure: str | None = None
        self.error: Exception | None = None

    def on_step(self, node: Any, env: dict[str, Any], trace: Any) -> None:
        if self.failure is not None or self.error is not None:
            return
        span = node.span
        waiting = self.pending.get(id(env))
        if waiting is not None and not (self.start <= span.start and span.end <= self.end):
            del self.pending[id(env)]
            self.test(env, left=True)  # the statement (or block) is left: the state it made
        elif waiting is not None and type(node).__name__ == "Return" and span.start != self.start:
            # Ridders' \Return x_4 on an exact hit: the loop (or block) is left mid-pass, by no end of
            # its own, and the state it leaves is no end of a pass to test the relation on
            del self.pending[id(env)]
        if span.start != self.start:
            return
        if self.place.after or self.place.loop:
            self.pending[id(env)] = env  # tested when left (a loop: at its end; passes come by on_pass)
        else:
            self.test(env)

    def on_pass(self, loop: Any, env: dict[str, Any]) -> None:
        if self.place.loop and loop.span.start == self.start and self.failure is None and self.error is None:
            self.test(env)

    def finish(self) -> None:
        """The run is over: frames still waiting are tested on the state the run left."""
        for env in list(self.pending.values()):
            if self.failure is None and self.error is None:
                self.test(env, left=True)
        self.pending.clear()

    def _no_pass(self, env: dict[str, Any]) -> bool:
        node = self.place.node
        if not (self.place.loop and type(node).__name__ == "ForRange"):
            return False
        from ...math.names import identifier
        from ...math.segments import parse_segment

        try:
            counter = identifier(parse_segment(node.var))
        except LocatedError:
            return False
        return counter is not None and counter not in env

    def test(self, frame: dict[str, Any], *, left: bool = False) -> None:
        if self._no_pass(frame):
            # a \For that made no pass set no counter: its end is not tested (CLRS's insertion sort of one
            # key reads j at the header), and the report says the loop made no pass
            return
        self.passes += 1
        stored = sorted(k for k in self.bare if isinstance(frame.get(k), Sequence))
        if stored:
            # Weiszfeld's x_{k+1} \gets …: at a pass, x is every iterate so far, never the current one
            name = stored[0]
            self.error = CannotCheck(
                f"`holds:` reads {name} whole, and at this statement {name} is the sequence the listing stores "
                f"by index ({name}_0, {name}_1, …): write the member it means ({name}_k, {name}_{{k+1}})"
            )
            return
        state = {k: seen(v) for k, v in frame.items() if not k.startswith("$")}
        scope = {**self.base, **state}
        if self.uses_previous:  # copies of the state only for a relation that reads them next pass
            previous, self.previous = self.previous, {k: _copy(v) for k, v in state.items() if not callable(v)}
            if previous is None:
                return  # the first pass has no previous one to compare with
            scope.update({f"{k}_of_prev": v for k, v in previous.items()})
        try:
            # a loop's end is no pass of its own: "false on pass 11" of a loop that made ten misled a reader
            where = f" at the loop's end, after pass {self.passes - 1}" if left and self.place.loop else ""
            problem = _judge(self.check, self.ctx, scope, where or f" on pass {self.passes}")
        except CannotCheck as exc:
            self.error = exc
            return
        except LocatedError as exc:
            self.error = exc
            return
        if problem == SKIP:
            return
        self.tested += 1
        if problem is not None:
            self.failure = problem


def _mentions(check: CheckSpec, suffix: str) -> bool:
    """Whether ``holds:`` names a variable whose identifier ends in ``suffix`` (``x^{(\\mathrm{prev})}``)."""
    from ...math import mathexpr as M
    from ...math.names import identifier

    try:
        tree = check.plan.tree(str(check.get("holds")))
    except LocatedError:
        return False
    return any((identifier(n) or "").endswith(suffix) for n in M.walk(tree) if isinstance(n, M.Label))


def _bare_names(check: CheckSpec) -> frozenset[str]:
    """The names ``holds:`` reads whole, never under a subscript (``x`` of ``f(x) \\le f(x_0)``)."""
    from ...math import mathexpr as M
    from ...math.names import identifier

    try:
        tree = check.plan.tree(str(check.get("holds")))
    except LocatedError:
        return frozenset()
    # \delta^{(\mathrm{prev})}_i is a member too: nothing inside a subscripted name's base is read whole
    under = {id(b) for n in M.walk(tree) if isinstance(n, (M.Idx, M.Index)) for b in M.walk(n.base)}
    return frozenset(
        name for n in M.walk(tree) if isinstance(n, M.Sym) and id(n) not in under and (name := identifier(n))
    )


def _copy(value: Any) -> Any:
    return value.copy() if isinstance(value, np.ndarray) else value


def _relation(check: CheckSpec) -> Any:
    """``holds:`` parsed, when it is a relation (``None`` otherwise, or when it does not parse)."""
    from ...math import mathexpr as M

    try:
        tree = check.plan.tree(str(check.get("holds")))
    except LocatedError:
        return None  # reported when the check runs
    return tree if isinstance(tree, M.Rel) else None


def _tolerance(check: CheckSpec) -> str:
    """The tolerance the relation was judged with, when it has one (``=``, ``\\le``, ``\\ge``)."""
    tree = _relation(check)
    if tree is None or not {op for op, _ in tree.rest} & {"=", "<=", ">="}:
        return ""
    return f" [rtol {tolerance(check, 'rtol'):g}, atol {tolerance(check, 'atol'):g}]"


def _truth(value: Any) -> bool:
    return bool(np.all(value))


def _witness(check: CheckSpec, ctx: CheckContext, env: dict[str, Any], failed: bool = False) -> str:
    """Values of the relation's two sides, so the report shows by how much it fails.

    A ``\\forall`` that fails is shown at its first failing binding: ``at i = 2`` and the two
    sides of its statement there. Of a relation that ``failed`` with a side NaN, the report says
    which value it read holds NaN; a NaN its own arithmetic made is :class:`CannotCheck` (see :func:`_nan`).
    """
    from ...math import mathexpr as M

    text = str(check.get("holds"))
    try:
        tree = check.plan.tree(text)
    except LocatedError:
        return ""  # reported when the check runs
    at = []
    while isinstance(tree, M.Quant) and tree.kind == "forall" and tree.body is not None:
        try:
            binding = ctx.forall_failure(check, text[tree.span.start : tree.span.end], env)
        except Exception:  # noqa: BLE001 - a statement that cannot be searched again is shown as it was
            binding = None
        if not binding:
            break
        env = {**env, **binding}
        at += [f"{name} = {_value_text(np.asarray(value), 6)}" for name, value in binding.items()]
        tree = tree.body
    where = f" at {', '.join(at)}" if at else ""
    if isinstance(tree, M.Logic) and tree.op == "and" and failed:
        tree = _false_conjunct(check, ctx, text, tree, env)  # a ∧ b: the sides of the part that is false
    if not isinstance(tree, M.Rel):
        return f" ({where.strip()})" if where else ""
    sides = [tree.first] + [e for _, e in tree.rest]
    shown = []
    for side in sides:
        latex = text[side.span.start : side.span.end]
        try:
            value = ctx.evaluate(check, latex, env)
        except Exception:  # noqa: BLE001 - a side that cannot be shown alone is left out
            continue
        shown.append((latex, np.asarray(value)))
    if not shown:
        return f" ({where.strip()})" if where else ""
    texts = [_value_text(v, 6) for _, v in shown]
    if len(set(texts)) < len(texts):  # sides that differ but print alike: print every digit
        texts = [_value_text(v, 17) for _, v in shown]
    # a side written as the number it is (the 0 of "\delta > 0") says nothing: "0 = 0" is left out
    parts = [f"{latex} = {t}" for (latex, _), t in zip(shown, texts) if latex.strip() != t]
    if failed:
        holding = list(dict.fromkeys(n for latex, value in shown for n in _nan(check, ctx, env, latex, value, where)))
        if holding:
            parts.append(f"{' and '.join(holding)} {'holds' if len(holding) == 1 else 'hold'} NaN (not a number)")
    if len(shown) == 2 and len(sides) == 2 and cut(shown[0][1], shown[1][1]):
        # a long array is printed cut: the entries that break the relation are named, wherever they are
        agree = _entrywise(tree.rest[0][0], tolerance(check, "rtol"), tolerance(check, "atol"))
        names = (shown[0][0], shown[1][0])
        found = differing(shown[0][1], shown[1][1], agree, names, ctx.index_base(check)) if agree else ""
        parts += [found] if found else []
    if not parts:
        return f" ({where.strip()})" if where else ""
    return f"{where} (" + "; ".join(parts) + ")"


def _false_conjunct(check: CheckSpec, ctx: CheckContext, text: str, tree: Any, env: dict[str, Any]) -> Any:
    r"""The first part of ``a \land b`` that is false over ``env`` (``tree`` itself when none is found alone)."""
    for part in tree.args:
        if part.span is None:
            continue
        try:
            value = ctx.evaluate(check, text[part.span.start : part.span.end], env)
        except Exception:  # noqa: BLE001 - a part that cannot be evaluated alone is not the one shown
            continue
        if not _truth(value):
            return part
    return tree


def _nan(check: CheckSpec, ctx: CheckContext, env: dict[str, Any], latex: str, value: Any, where: str) -> list[str]:
    """What a NaN side of a failed relation read that holds NaN (the side itself when no name does).

    A NaN that came in with a listing's output is a refutation, said as such. One the spec's own
    arithmetic made of numbers (``\\sqrt`` of a negative number, ``0 / 0``) says the relation has
    no value on these inputs, or that we read it wrongly, never that the claim is false: :class:`CannotCheck`.
    """
    if not _holds_nan(value):
        return []
    made = ctx.nan_made(check, latex, env)
    infinite = [name for name in _read_names(check, latex) or () if name in env and _holds_inf(env[name])]
    if made is not None and infinite:
        # sin(X_n) of an X_n the run overflowed to infinity: no number was made NaN, the run's values
        # left the floats' range (an Euler–Maruyama path with b(x) = 1 + x^2)
        raise CannotCheck(
            f"{latex} has no value{where}: it reads {', '.join(infinite)}, infinite (past the floats' range), "
            "so the claim was not tested (narrow the draws, or a `given:` keeps such values out)"
        )
    if made is not None:
        raise CannotCheck(
            f"{latex} has no value{where}: the relation's own arithmetic made NaN of numbers ({made}), "
            "so the claim was not tested (a `given:` keeps such inputs out)"
        )
    read = _read_names(check, latex)
    if read is None:
        return [latex]
    return [name for name in read if name in env and _holds_nan(env[name])] or [latex]


def _read_names(check: CheckSpec, latex: str) -> list[str] | None:
    """The names ``latex`` reads, in order (``None`` when it does not parse)."""
    from ...math import mathexpr as M
    from ...math.names import identifier

    try:
        tree = check.plan.tree(latex)
    except LocatedError:
        return None
    found = dict.fromkeys(identifier(n) for n in M.walk(tree) if isinstance(n, (M.Sym, M.Idx)))
    return [name for name in found if name is not None]


def _holds_nan(value: Any) -> bool:
    return _holds(value, np.isnan)


def _holds_inf(value: Any) -> bool:
    return _holds(value, np.isinf)


def _holds(value: Any, test: Any) -> bool:
    """Whether a value of floats (a number, an array) has an entry ``test`` finds (a NaN, an infinity)."""
    try:
        array = np.asarray(value)
        return array.dtype.kind in "fc" and bool(test(array).any())
    except (TypeError, ValueError):
        return False


def _entrywise(op: str, rtol: float, atol: float) -> Any:
    """The relation ``op`` entry by entry, as the relation itself tests it (``None``: not an order or equality)."""
    return {
        "=": lambda a, b: np.isclose(a, b, rtol=rtol, atol=atol),
        "approx": lambda a, b: np.isclose(a, b, rtol=max(rtol, 1e-3), atol=max(atol, 1e-6)),
        "<=": lambda a, b: a <= b + atol + rtol * np.abs(b),
        ">=": lambda a, b: a + atol + rtol * np.abs(a) >= b,
        "<": lambda a, b: a < b,
        ">": lambda a, b: a > b,
    }.get(op)


def _plain(witness: str) -> str:
    """A witness as a line of its own: `` (a = 1; b = 2)`` → ``a = 1; b = 2``, `` at i = 2 (…)`` → ``at i = 2: …``."""
    text = witness.strip()
    if text.startswith("(") and text.endswith(")"):
        return text[1:-1]
    where, _, sides = text.partition(" (")
    return f"{where}: {sides[:-1]}" if sides else where


def _value_text(arr: np.ndarray, digits: int) -> str:
    if arr.ndim == 0 and arr.dtype.kind in "fiu":
        return f"{float(arr):.{digits}g}"
    if arr.dtype == object:  # an exact check's value (rationals, roots): its nearest floats
        arr = as_float(arr if arr.ndim else arr.item())
        if not isinstance(arr, np.ndarray):
            return f"{arr:.{digits}g}" if isinstance(arr, (int, float)) else str(arr)
    # one line, rows side by side: a message's lines are the report's (Q^T Q = I shows a matrix)
    return " ".join(line.strip() for line in np.array2string(arr, precision=digits, threshold=8).splitlines())


def vacuous_bounds(check: CheckSpec, ctx: CheckContext) -> list[Finding]:
    """AV410 (:func:`~..specification.bounds.vacuous_bounds`), each bound valued as the relation evaluates it."""

    def value_of(latex: str, node: Any) -> float | None:
        try:
            return float(ctx.evaluate(check, latex, {}, ("holds",)))
        except Exception:  # noqa: BLE001 - a side that does not evaluate alone is the run's to report
            return None

    return bounds.vacuous_bounds(check, ctx.path, value_of)
