"""*contract* checks: counts from a run's trace, as the prose states them.

``expect:`` keys: ``terminates: true``; ``runs: {STATEMENT: COUNT}`` (a statement by a piece
of its source text or its line); ``assigned: {NAME: COUNT}``; ``backward: COUNT`` (gradient
evaluations); ``iterations: COUNT`` (loop iterations in all). A count is a number or LaTeX
over the inputs (``k``, ``2 k``).
"""

from __future__ import annotations

from typing import Any

from .context import CheckContext
from .outcome import Verdict
from .spec import CheckSpec
from .trials import failed_run, search

_KEYS = {"terminates", "runs", "assigned", "backward", "iterations"}


def run(check: CheckSpec, ctx: CheckContext) -> Verdict:
    """Run the listing on each trial's inputs and compare the trace with ``expect:``."""
    from ..findings import LocatedError, MalformedSpec

    listing = ctx.listing(check)
    expect = check.get("expect") or {}
    unknown = set(expect) - _KEYS
    if unknown:
        raise LocatedError(
            MalformedSpec, check.span, message=f"check {check.id}: unknown expect key(s) {', '.join(sorted(unknown))}"
        )
    statements = _statements(ctx, listing)

    def attempt(values: dict[str, Any]) -> str | None:
        result = ctx.run_listing(check, listing, values)
        if result.finding is not None:
            return failed_run(result, ctx.report.note.source.line_col)
        env = dict(values)
        for family, size in listing.program.families.items():
            if family in values and size not in env:
                env[size] = len(values[family])
        return _compare(check, ctx, expect, result.trace, env, statements)

    return search(
        check, ctx, check.get("inputs") or {}, attempt, success="contract held on {trials} trials", listing=listing
    )


def _statements(ctx: CheckContext, listing: Any) -> list[tuple[int, str, Any]]:
    from ..syntax import ir

    src = ctx.report.note.source
    out = []
    for node in ir.walk(listing.algorithm):
        if isinstance(
            node,
            (
                ir.Assign,
                ir.TextStatement,
                ir.Return,
                ir.CallStmt,
                ir.WhileBlock,
                ir.ForRange,
                ir.ForAll,
                ir.IfBlock,
                ir.RepeatUntil,
                ir.LoopBlock,
            ),
        ):
            out.append((src.line_col(node.span.start)[0], src.segment(node.span), node.span))
    return out


def _count(check: CheckSpec, ctx: CheckContext, expr: Any, env: dict[str, Any]) -> int:
    return (
        int(round(float(expr)))
        if isinstance(expr, (int, float))
        else int(round(float(ctx.evaluate(check, str(expr), env))))
    )


def _compare(
    check: CheckSpec,
    ctx: CheckContext,
    expect: dict[str, Any],
    trace: Any,
    env: dict[str, Any],
    statements: list[tuple[int, str, Any]],
) -> str | None:
    hits = trace.hits
    for key, want in (expect.get("runs") or {}).items():
        spans = [
            s
            for line, text, s in statements
            if (isinstance(key, int) and line == key) or (isinstance(key, str) and key in text)
        ]
        if not spans:
            return f"no statement matches {key!r}"
        got, n = max(hits.get(s, 0) for s in spans), _count(check, ctx, want, env)
        if got != n:
            return f"{key!r} ran {got} times, expected {want} = {n}"
    for name, want in (expect.get("assigned") or {}).items():
        got, n = trace.assignments(name), _count(check, ctx, want, env)
        if got != n:
            return f"{name} was assigned {got} times, expected {want} = {n}"
    if "backward" in expect:
        got, n = trace.counters["backward"], _count(check, ctx, expect["backward"], env)
        if got != n:
            return f"{got} backward passes, expected {expect['backward']} = {n}"
    if "iterations" in expect:
        got, n = trace.steps, _count(check, ctx, expect["iterations"], env)
        if got != n:
            return f"{got} loop iterations, expected {expect['iterations']} = {n}"
    return None
