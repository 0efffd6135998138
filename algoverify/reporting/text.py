"""Human-readable report: ``path:line:col: CODE message``, then the source line and a caret."""

from __future__ import annotations

from typing import Any, Iterable, Mapping

from ..findings import Finding, Severity
from ..source import excerpt, printable
from .common import Sources, detail_value, location, ordered

#: Findings of one code shown per note; the rest are counted (one bad line can raise thousands).
MAX_PER_CODE = 20

_COLOURS = {Severity.ERROR: "31", Severity.WARNING: "33", Severity.NOTE: "36"}


def _paint(text: str, code: str, colour: bool) -> str:
    return f"\x1b[{code}m{text}\x1b[0m" if colour else text


def headline(finding: Finding, sources: Sources, *, colour: bool = False, message: str | None = None) -> str:
    """``path:line:col: CODE message``, the line editors and people read first (``message`` overrides the finding's)."""
    head = f"{_paint(printable(location(finding, sources)), '1', colour)}: "
    text = finding.message if message is None else message
    return head + f"{_paint(finding.code, _COLOURS[finding.severity], colour)} {printable(text)}"


def source_excerpt(finding: Finding, sources: Sources) -> str:
    """The finding's source line with a caret underline, or ``""`` without a span."""
    if finding.span is None or finding.path not in sources:
        return ""
    return excerpt(sources[finding.path], finding.span)


def proof_text(proof: Mapping[str, Any]) -> str:
    """The proof's evidence in words: ``proved for all real x (d ≤ 4) in 0.05 s``, ``disproved in 0.60 s: …``.

    A proof read back from the proof cache says so instead of a time: nothing was proved this run.
    """
    took = "(from the proof cache)" if proof.get("cached") else f"in {proof.get('seconds', 0):.2f} s"
    if proof.get("status") == "proved":
        return f"proved {proof.get('scope', '')} {took}"
    found = proof.get("difference") or "sympy found a point where the claim fails"
    return f"{proof.get('status')} {took}: {found}"


def detail_lines(details: Mapping[str, Any], finding: Finding | None, sources: Sources) -> list[str]:
    """``key: value`` per detail (``_``-keys are for machines); a value of several lines goes below its key.

    A list of texts is such a value, a line each (what a one-trial run ``compared``), never its ``repr``.
    """
    lines = []
    for key, value in details.items():
        if key.startswith("_"):
            continue
        if key == "proof" and isinstance(value, Mapping):
            value = proof_text(value)
        if isinstance(value, (list, tuple)) and value and all(isinstance(v, str) for v in value):
            value = "\n".join(value)
        text = printable(str(detail_value(value, finding, sources) if finding is not None else value))
        if "\n" in text:
            lines.append(f"{key}:")
            lines.extend("  " + ln for ln in text.splitlines())
        else:
            lines.append(f"{key}: {text}")
    return lines


def render_one(finding: Finding, sources: Sources, *, colour: bool = False, context: bool = True) -> str:
    """Render one finding with its excerpt and details."""
    lines = [headline(finding, sources, colour=colour)]
    if context and finding.span is not None and finding.path in sources:
        lines.append(source_excerpt(finding, sources))
    lines.extend("  " + ln for ln in detail_lines(finding.details, finding, sources))
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


def render_findings(
    findings: Iterable[Finding],
    sources: Sources,
    *,
    colour: bool = False,
    context: bool = True,
    max_per_code: int = MAX_PER_CODE,
) -> list[str]:
    """Each finding rendered, in report order; past ``max_per_code`` of one code in a note, one line counts the rest."""
    shown: dict[tuple[str, str], int] = {}
    blocks = []
    for f in ordered(findings):
        key = (str(f.path), f.code)
        shown[key] = shown.get(key, 0) + 1
        if shown[key] <= max_per_code:
            blocks.append(render_one(f, sources, colour=colour, context=context))
    for (path, code), n in shown.items():
        if n > max_per_code:
            blocks.append(f"{printable(path)}: {n - max_per_code:,} more {code} not shown ({n:,} in all)")
    return blocks


def render(
    findings: Iterable[Finding],
    sources: Sources,
    *,
    colour: bool = False,
    context: bool = True,
    max_per_code: int = MAX_PER_CODE,
) -> str:
    """Render all findings (see :func:`render_findings`), followed by a summary line counting every one."""
    items = ordered(findings)
    blocks = render_findings(items, sources, colour=colour, context=context, max_per_code=max_per_code)
    blocks.append(summary(items))
    return "\n".join(blocks) + "\n"


def report(result: Any, *, colour: bool = False, **_: Any) -> str:
    """The text report of a ``lint`` run: its findings and the count line (``check``'s is :mod:`.checks`)."""
    return render(result.all_findings(), result.sources, colour=colour)
