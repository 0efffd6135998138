"""*snippet* checks: a Python block, run in a subprocess, prints what the prose quotes."""

from __future__ import annotations

from ...findings import LocatedError, QuoteMissing
from ..outcome import Verdict
from ..sandboxing.snippets import compare_output, find_quote, run_snippet
from ..specification.context import CheckContext
from ..specification.spec import CheckSpec


def run(check: CheckSpec, ctx: CheckContext) -> Verdict:
    """Run the block once (``timeout:`` seconds, ``memory_mb:``) and look for every quote in its output."""
    block = ctx.block(check, "python")
    for quote in check.get("quotes"):
        if find_quote(ctx.prose, quote) is None:
            raise LocatedError(QuoteMissing, check.span, check=check.id, what="quoted output", text=quote)
    code = (
        block.content
        if getattr(block, "content", None) is not None
        else ctx.report.note.source.segment(block.body_span)
    )
    result = run_snippet(code, timeout=float(check.get("timeout", 10.0)), memory_mb=int(check.get("memory_mb", 1024)))
    if result.memory_exceeded:
        limit = check.get("memory_mb", 1024)
        return Verdict(None, f"the snippet ran out of the {limit} MB it may use", span=block.span)
    if result.timed_out:
        return Verdict(False, f"the snippet did not finish within {check.get('timeout', 10.0)} s", span=block.span)
    if result.returncode != 0:
        last = (result.stderr.strip().splitlines() or ["(no error output)"])[-1]
        return Verdict(
            False,
            f"the snippet failed (exit {result.returncode}): {last}",
            span=block.span,
            details={"stderr": result.stderr[-2000:]},
        )
    for quote in check.get("quotes"):
        comparison = compare_output(result.stdout, quote)
        if not comparison.matched:
            return Verdict(False, comparison.message, details={"printed": result.stdout.rstrip(), "quoted": quote})
    shown = ", ".join(repr(q) for q in check.get("quotes"))
    return Verdict(True, f"prints {shown}", details={"printed": result.stdout.rstrip()})
