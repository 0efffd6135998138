"""The ``algoverify check`` report: per note, per check, its status, the claim it backs, its time."""

from __future__ import annotations

from typing import Any

from ..findings import Severity
from ..source import excerpt, printable
from .text import render_findings

# the verdicts' own words (checking.outcome), padded to one column
_WIDTH = max(len(v) for v in ("verified", "refuted", "refuted as expected", "could not check"))
_COLOUR = {"verified": "32", "refuted as expected": "33", "refuted": "31", "could not check": "35"}


def _paint(text: str, code: str, colour: bool) -> str:
    return f"\x1b[{code}m{text}\x1b[0m" if colour else text


def render(result: Any, *, colour: bool = False) -> str:
    """Render the outcomes of every note, then the findings, then one summary line."""
    lines: list[str] = []
    sources = result.sources
    counts = {"verified": 0, "refuted": 0, "refuted as expected": 0, "could not check": 0}
    for note in result.notes:
        lines.append(f"{note.path}  ({len(note.outcomes)} checks, {note.seconds:.2f} s)")
        src = note.note.source if note.note is not None else None
        for o in note.outcomes:
            counts[o.status] += 1
            status = _paint(f"{o.status:<{_WIDTH}}", _COLOUR[o.status], colour)
            message = printable(f"{o.check.kind:<9} {o.check.id:<28} {o.message}")
            lines.append(f"  {status} {message}  [{o.seconds:.2f} s]")
            if o.check.claim:
                where = f"line {src.line_col(o.claim_span.start)[0]}" if src and o.claim_span else "not in the prose"
                lines.append(printable(f"        claim ({where}): {o.check.claim}"))
            if o.status == "refuted as expected":
                lines.append(printable(f"        known: {o.check.known}"))
                for key in ("counterexample", "reproduce"):
                    if key in o.details:
                        lines.extend(_indent(printable(f"{key}: {o.details[key]}")))
    findings = result.all_findings()
    if findings:
        lines.append("")
        lines.extend(render_findings(findings, sources, colour=colour))
    unverified = sum(f.code.startswith("AV6") for f in findings)
    errors = sum(f.severity is Severity.ERROR for f in findings)
    warnings = sum(f.severity is Severity.WARNING for f in findings)
    # warnings are counted too: with --strict they fail the run, and "0 errors" with exit 1 misleads
    warned = f", {warnings} warning{'s' if warnings != 1 else ''}" if warnings else ""
    summary = (
        f"{counts['verified']} verified, {counts['refuted']} refuted, {counts['refuted as expected']} refuted as "
        f"expected, {counts['could not check']} could not check, {unverified} unverified; "
        f"{errors} error{'s' if errors != 1 else ''}{warned} in {getattr(result, 'seconds', 0.0):.1f} s"
    )
    lines.append("")
    lines.append(summary)
    return "\n".join(lines) + "\n"


def _indent(text: str) -> list[str]:
    return ["        " + ln if i == 0 else "          " + ln for i, ln in enumerate(text.splitlines())]


__all__ = ["render", "excerpt"]
