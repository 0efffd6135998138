"""Human-readable report: ``path:line:col: CODE message``, then the source line and a caret."""

from __future__ import annotations

from typing import Iterable

from ..findings import Finding, Severity
from ..source import excerpt
from .common import Sources, detail_value, location, ordered

_COLOURS = {Severity.ERROR: "31", Severity.WARNING: "33", Severity.NOTE: "36"}


def _paint(text: str, code: str, colour: bool) -> str:
    return f"\x1b[{code}m{text}\x1b[0m" if colour else text


def render_one(finding: Finding, sources: Sources, *, colour: bool = False, context: bool = True) -> str:
    """Render one finding with its excerpt and details."""
    head = f"{_paint(location(finding, sources), '1', colour)}: "
    head += f"{_paint(finding.code, _COLOURS[finding.severity], colour)} {finding.message}"
    lines = [head]
    if context and finding.span is not None and finding.path in sources:
        lines.append(excerpt(sources[finding.path], finding.span))
    for key, value in finding.details.items():
        if key.startswith("_"):
            continue
        text = str(detail_value(value, finding, sources))
        if "\n" in text:
            lines.append(f"  {key}:")
            lines.extend("    " + ln for ln in text.splitlines())
        else:
            lines.append(f"  {key}: {text}")
    return "\n".join(lines)


def summary(findings: list[Finding]) -> str:
    """Return the closing count line, e.g. ``2 errors, 1 warning``."""
    counts = {s: sum(f.severity is s for f in findings) for s in Severity}
    parts = []
    for sev, word in ((Severity.ERROR, "error"), (Severity.WARNING, "warning"), (Severity.NOTE, "note")):
        n = counts[sev]
        if n:
            parts.append(f"{n} {word}{'s' if n != 1 else ''}")
    return ", ".join(parts) if parts else "no findings"


def render(findings: Iterable[Finding], sources: Sources, *, colour: bool = False, context: bool = True) -> str:
    """Render all findings, in file and position order, followed by a summary line."""
    items = ordered(findings)
    blocks = [render_one(f, sources, colour=colour, context=context) for f in items]
    blocks.append(summary(items))
    return "\n".join(blocks) + "\n"
