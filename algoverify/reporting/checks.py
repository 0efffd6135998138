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
    """Render every note (its outcomes, then its findings), then the run's own findings and the summary line."""
    return "".join(render_note(note, colour=colour) for note in result.notes) + render_tail(result, colour=colour)


def render_note(note: Any, *, colour: bool = False) -> str:
    """One note's part of the report: a header, each check's verdict and claim, the note's findings.

    Printed as soon as the note is done (``algoverify check`` streams it).
    """
    lines: list[str] = []
    src = note.note.source if note.note is not None else None
    timing = "cached" if getattr(note, "cached", False) else f"{note.seconds:.2f} s"
    lines.append(f"{note.path}  ({len(note.outcomes)} checks, {timing})")
    for o in note.outcomes:
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
    sources = {note.path: src} if src is not None else {}
    lines.extend(render_findings(note.findings, sources, colour=colour))
    return "\n".join(lines) + "\n"


def render_tail(result: Any, *, colour: bool = False, interrupted: bool = False) -> str:
    """The end of the report: the run's own findings (missing paths, the project config), then the summary line."""
    lines = render_findings(result.findings, result.sources, colour=colour)
    counts = {"verified": 0, "refuted": 0, "refuted as expected": 0, "could not check": 0}
    for note in result.notes:
        for o in note.outcomes:
            counts[o.status] += 1
    findings = result.all_findings()
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
    if interrupted:
        done = len(result.notes)
        summary = f"interrupted after {done} note{'s' if done != 1 else ''}: {summary}"
    lines.append("")
    lines.append(summary)
    return "\n".join(lines) + "\n"


def _indent(text: str) -> list[str]:
    return ["        " + ln if i == 0 else "          " + ln for i, ln in enumerate(text.splitlines())]


__all__ = ["render", "render_note", "render_tail", "excerpt"]
