r"""*contract* checks: counts from a run's trace, as the prose states them.

``expect:`` keys (:data:`~algoverify.checking.schema.KINDS`): ``terminates: true``;
``runs: {STATEMENT: COUNT}`` (a statement by its ``\label``, its line or a piece of its source,
resolved to one statement before any trial: :class:`~algoverify.checking.spec.Statements`);
``assigned: {NAME: COUNT}``; ``backward: COUNT`` (gradient evaluations); ``iterations: COUNT``
(loop iterations in all). A count is a number or LaTeX over the inputs (``k``, ``2 k``).
"""

from __future__ import annotations

from typing import Any

from ..findings import LocatedError, SpecReferenceError
from ..source import Span
from .context import CheckContext, taken
from .outcome import Verdict
from .spec import CheckSpec, Statements
from .trials import failed_run, search


def run(check: CheckSpec, ctx: CheckContext) -> Verdict:
    """Run the listing on each trial's inputs and compare the trace with ``expect:``."""
    listing = ctx.listing(check)
    expect = check.get("expect") or {}
    statements = _targets(check, ctx, listing, expect.get("runs") or {})

    def attempt(values: dict[str, Any]) -> str | None:
        result = ctx.run_listing(check, listing, values)
        if result.finding is not None:
            return failed_run(result, ctx.report.note.source.line_col)
        # a count may name a size the inputs imply (`n` of x ∈ ℝⁿ, k of B_1, …, B_k), as the prose does
        env = {**listing.program.bound_inputs(taken(listing, values)), **values}
        return _compare(check, ctx, expect, result.trace, env, statements)

    return search(
        check, ctx, check.get("inputs") or {}, attempt, success="contract held on {trials} trials", listing=listing
    )


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
        return int(round(float(expr)))
    return int(round(float(ctx.evaluate(check, str(expr), env, ("expect", *key)))))


def _compare(
    check: CheckSpec,
    ctx: CheckContext,
    expect: dict[str, Any],
    trace: Any,
    env: dict[str, Any],
    statements: dict[Any, Span],
) -> str | None:
    hits = trace.hits
    for key, want in (expect.get("runs") or {}).items():
        got, n = hits.get(statements[key], 0), _count(check, ctx, want, env, ("runs", key))
        if got != n:
            return f"{key!r} ran {got} times, expected {want} = {n}"
    for name, want in (expect.get("assigned") or {}).items():
        got, n = trace.assignments(name), _count(check, ctx, want, env, ("assigned", name))
        if got != n:
            return f"{name} was assigned {got} times, expected {want} = {n}"
    if "backward" in expect:
        got, n = trace.counters["backward"], _count(check, ctx, expect["backward"], env, ("backward",))
        if got != n:
            return f"{got} backward passes, expected {expect['backward']} = {n}"
    if "iterations" in expect:
        got, n = trace.steps, _count(check, ctx, expect["iterations"], env, ("iterations",))
        if got != n:
            return f"{got} loop iterations, expected {expect['iterations']} = {n}"
    return None
