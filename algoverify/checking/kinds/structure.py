"""*structure* checks: a mermaid flowchart can be followed from its start to an end."""

from __future__ import annotations

from ..outcome import Verdict
from ..specification.context import CheckContext
from ..specification.spec import CheckSpec


def run(check: CheckSpec, ctx: CheckContext) -> Verdict:
    """Parse the flowchart and apply the structural rules of :mod:`algoverify.checking.kinds.flowchart`."""
    from .flowchart import check_flowchart, parse_flowchart, summary

    block = ctx.block(check, "mermaid")
    chart = parse_flowchart(ctx.report.note.source.segment(block.body_span), block.body_span.start)
    problems = check_flowchart(chart)
    if problems:
        first = problems[0]
        listed = "\n".join(f"{p.code} {p.message}" for p in problems)
        return Verdict(
            False, f"{len(problems)} problem(s): {first.message}", span=first.span, details={"problems": listed}
        )
    return Verdict(True, summary(chart))
