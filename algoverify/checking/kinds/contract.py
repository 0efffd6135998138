r"""*contract* checks: counts from a run's trace, as the prose states them.

``expect:`` keys (:data:`~algoverify.checking.specification.schema.KINDS`): ``terminates: true``;
``runs: {STATEMENT: COUNT}`` (a statement by its ``\label``, its line or a piece of its source,
resolved to one statement before any trial: :class:`~algoverify.checking.specification.spec.Statements`);
``assigned: {NAME: COUNT}``; ``calls: {FUNCTION: COUNT}``; ``backward: COUNT`` (gradient
evaluations); ``iterations: COUNT`` (loop iterations in all). A count is a number or LaTeX over
the inputs (``k``, ``2 k``), or bounds: ``{at_most: '\lceil \log_2 n \rceil + 1', at_least: 1}``.
"""

from __future__ import annotations

from typing import Any

from ...findings import LocatedError, SpecReferenceError
from ...source import Span
from ..evidence.trials import SKIP, failed_run, search
from ..outcome import Verdict
from ..specification.context import CheckContext, entry_values, taken
from ..specification.spec import CheckSpec, Statements
from .let_inputs import let_inputs


def run(check: CheckSpec, ctx: CheckContext) -> Verdict:
    """Run the listing on each trial's inputs and compare the trace with ``expect:``."""
    listing = ctx.listing(check)
    expect = check.get("expect") or {}
    statements = _targets(check, ctx, listing, expect.get("runs") or {})

    def attempt(values: dict[str, Any]) -> str | None:
        values = let_inputs(check, ctx, listing, values, {**ctx.functions, **values})
        if not ctx.given(check, values):
            return SKIP
        # a count may read the inputs as given (`A^{(0)}` of a listing that sorts A in place)
        entry = entry_values(listing, values)
        # the history's values are never read here: it is kept only to count what `assigned:` names
        result = ctx.run_listing(check, listing, values, history=bool(expect.get("assigned")))
        if result.finding is not None:
            return failed_run(result, ctx.report.note.source.line_col, listing)
        # a count may name a size the inputs imply (`n` of x ∈ ℝⁿ, k of B_1, …, B_k), as the prose does,
        # and call a function of the note (its module's FUNCTIONS, its listings), as holds: does
        env = {**ctx.functions, **listing.program.bound_inputs(taken(listing, values)), **values, **entry}
        return _compare(check, ctx, expect, result.trace, env, statements)

    return search(check, ctx, check.draws, attempt, success="contract held on {trials}")


def _targets(check: CheckSpec, ctx: CheckContext, listing: Any, runs: dict[Any, Any]) -> dict[Any, Span]:
    """The statement each key of ``runs:`` names (its span, as the trace counts hits), or AV502 at the key."""
    found = Statements(listing.algorithm, ctx.report.note.source)
    out = {}
    for key in runs:
        res = found.resolve(key)
        if res.statement is None:
            details = {"candidates": [f"{s.line}:{s.column} {s.shown}" for s in res.candidates]}
            raise LocatedError(
                SpecReferenceError, check.at("expect", "runs", key), details, check=check.id, message=res.problem
            )
        out[key] = res.statement.node.span
    return out


def _count(check: CheckSpec, ctx: CheckContext, expr: Any, env: dict[str, Any], key: tuple[Any, ...]) -> int:
    if isinstance(expr, (int, float)):
        return int(expr)
    value = float(ctx.evaluate(check, str(expr), env, ("expect", *key)))
    if not value.is_integer():
        # a bound like \log_2 n is not a whole number; an exact count that is not one is a spec mistake
        raise LocatedError(
            SpecReferenceError,
            check.at("expect", *key),
            check=check.id,
            message=f"{expr} = {value:g} is not a whole number of times (round it: \\lceil … \\rceil)",
        )
    return int(value)


def _judge(
    check: CheckSpec, ctx: CheckContext, got: int, want: Any, env: dict[str, Any], key: tuple[Any, ...], what: str
) -> str | None:
    """``None`` when ``got`` is the count ``want`` states (exact, or within its bounds), else what differs."""
    if not isinstance(want, dict):
        n = _count(check, ctx, want, env, key)
        return None if got == n else f"{what} {_times(got)}, expected {_shown(want, n)}"
    for bound, words in (("at_most", "at most"), ("at_least", "at least")):
        if bound not in want:
            continue
        limit = want[bound]
        value = (
            float(limit)
            if isinstance(limit, (int, float))
            else float(ctx.evaluate(check, str(limit), env, ("expect", *key, bound)))
        )
        if (got > value) if bound == "at_most" else (got < value):
            return f"{what} {_times(got)}, expected {words} {_shown(limit, value)}"
    return None


def _times(count: int) -> str:
    return "once" if count == 1 else f"{count} times"


def _each_loop(ctx: CheckContext, trace: Any) -> str:
    """`` (5 passes of the loop at line 38, 4 of the loop at line 41)``: what ``iterations:`` summed, loop by loop.

    Havel–Hakimi's "at most n passes" counted its inner \\For's passes too: a reader sees which loop made them.
    """
    from ...running.runstate import passes_of
    from ...syntax import ir

    line = ctx.report.note.source.line_col
    loops = (ir.WhileBlock, ir.RepeatUntil, ir.LoopBlock, ir.ForRange, ir.ForAll)
    made = [
        (line(node.span.start)[0], passes_of(node, trace._hits))
        for listing in ctx.loaded.listings
        for node in ir.walk(listing.algorithm)
        if isinstance(node, loops)
    ]
    made = [(at, n) for at, n in made if n]
    if len(made) < 2:
        return ""
    shown = [f"{n} {'pass' if n == 1 else 'passes'} of the loop at line {at}" for at, n in made]
    return f" ({', '.join(shown)}: `runs:` of a loop's first statement counts one loop)"


def _shown(expr: Any, value: float) -> str:
    text = f"{value:.6g}"
    return text if isinstance(expr, (int, float)) else f"{expr} = {text}"


def _compare(
    check: CheckSpec,
    ctx: CheckContext,
    expect: dict[str, Any],
    trace: Any,
    env: dict[str, Any],
    statements: dict[Any, Span],
) -> str | None:
    hits = trace.hits
    counts: list[tuple[tuple[Any, ...], int, Any, str]] = []
    for key, want in (expect.get("runs") or {}).items():
        counts.append((("runs", key), hits.get(statements[key], 0), want, f"`{key}` ran"))
    for name, want in (expect.get("assigned") or {}).items():
        counts.append((("assigned", name), trace.assignments(name), want, f"{name} was assigned"))
    for name, want in (expect.get("calls") or {}).items():
        counts.append((("calls", name), trace.counters[f"call:{name}"], want, f"{name} was called"))
    if "backward" in expect:
        counts.append((("backward",), trace.counters["backward"], expect["backward"], "the gradient was evaluated"))
    if "iterations" in expect:
        counts.append((("iterations",), trace.steps, expect["iterations"], "the loops iterated"))
    for key, got, want, what in counts:
        problem = _judge(check, ctx, got, want, env, key, what)
        if problem is not None:
            return problem + (_each_loop(ctx, trace) if key == ("iterations",) else "")
    return None
