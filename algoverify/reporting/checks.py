"""The ``algoverify check`` report: per note, per check, its verdict and, under it, all that backs it.

A check that did not verify cleanly is said once, in one place: the finding it raised
(``path:line:col: CODE …``), the claim and its line, the spec entry's line, the known finding,
expected vs got, the counterexample and the command that reproduces it. The note's findings that
no check raised follow its checks; the summary line comes last.

For a streaming front-end: :func:`render_run_findings` first, :func:`render_note` per note as each
is done, :func:`render_summary` at the end; :func:`render` is the three together.
"""

from __future__ import annotations

from typing import Any

from ..checking.outcome import CANNOT, KNOWN, REFUTED, VERDICTS, VERIFIED
from ..source import printable
from .common import PLACED, CheckReport, Sources, attribute, severity_counts, unverified_count, verdict_counts
from .text import MAX_PER_CODE, detail_lines, headline, render_findings, source_excerpt

# the verdicts' own words (checking.outcome), padded to one column
_WIDTH = max(len(v) for v in VERDICTS)
_COLOUR = {VERIFIED: "32", KNOWN: "33", REFUTED: "31", CANNOT: "35"}
_BLOCK = "    "  # what a check's block is indented by


def _paint(text: str, code: str, colour: bool) -> str:
    return f"\x1b[{code}m{text}\x1b[0m" if colour else text


def render(result: Any, *, colour: bool = False) -> str:
    """Render the run's own findings, every note, then one summary line."""
    parts = [render_run_findings(result, colour=colour)]
    parts.extend(render_note(note, result.sources, colour=colour) for note in result.notes)
    parts.append(render_summary(result))
    return "".join(parts)


def report(result: Any, *, colour: bool = False, **_: Any) -> str:
    """The text report of a ``check`` run (see :func:`render`)."""
    return render(result, colour=colour)


def render_run_findings(result: Any, *, colour: bool = False) -> str:
    """The findings that belong to no note (a path that does not exist, a project config's mistake)."""
    blocks = render_findings(result.findings, result.sources, colour=colour)
    return "".join(b + "\n" for b in blocks)


def render_note(note: Any, sources: Sources, *, colour: bool = False) -> str:
    """One note: its header, each check with its block, then the findings no check raised."""
    n = len(note.outcomes)
    timing = "cached" if getattr(note, "cached", False) else f"{note.seconds:.2f} s"  # replayed: it took no time
    lines = [printable(f"{note.path}  ({n} check{'s' if n != 1 else ''}, {timing})")]
    source = note.note.source if note.note is not None else None
    checks, rest = attribute(note)
    for check in checks:
        lines.extend(check_lines(check, source, sources, colour))
    for block in render_findings(rest, sources, colour=colour, max_per_code=MAX_PER_CODE):
        lines.extend("  " + ln for ln in block.splitlines())
    return "\n".join(lines) + "\n"


def render_summary(result: Any, *, interrupted: bool = False) -> str:
    """The closing line: checks by verdict, unverified blocks, errors (and warnings), time.

    With ``interrupted`` (Ctrl-C), it says how many notes it counts: those done before the stop.
    """
    counts = verdict_counts(result.notes)
    findings = result.all_findings()
    severities = severity_counts(findings)
    errors, warnings = severities["error"], severities["warning"]
    # warnings are counted too: with --strict they fail the run, and "0 errors" with exit 1 misleads
    warned = f", {warnings} warning{'s' if warnings != 1 else ''}" if warnings else ""
    verdicts = ", ".join(f"{n} {word}" for word, n in counts.items())
    done = len(result.notes)
    stopped = f"interrupted after {done} note{'s' if done != 1 else ''}: " if interrupted else ""
    return (
        f"\n{stopped}{verdicts}, {unverified_count(findings)} unverified; "
        f"{errors} error{'s' if errors != 1 else ''}{warned} in {getattr(result, 'seconds', 0.0):.1f} s\n"
    )


def check_lines(check: CheckReport, source: Any, sources: Sources, colour: bool = False) -> list[str]:
    """A check's verdict line and, unless it verified cleanly, its block: all that backs the verdict."""
    o = check.outcome
    status = _paint(f"{o.status:<{_WIDTH}}", _COLOUR[o.status], colour)
    # the message is said once: on the verdict's line, unless a finding below says it with its place
    said_below = bool(o.message) and any(f.message.endswith(o.message) for f in check.findings)
    message = "" if said_below else f"{o.message}  "
    lines = [f"  {status} {printable(f'{o.check.kind:<9} {o.check.id:<28} {message}')}[{o.seconds:.2f} s]"]
    if o.status == VERIFIED and not check.findings:
        if o.check.claim:
            lines.append(_BLOCK + _claim_line(o, source))
        return lines
    block: list[str] = []
    shown_details: set[str] = set()
    for f in check.findings:
        short = o.message if o.message and f.message.endswith(o.message) else None
        block.append(headline(f, sources, colour=colour, message=short))
        if f.span is not None and f.span != o.claim_span:  # the claim's own sentence is the next line
            block.extend(source_excerpt(f, sources).splitlines())
        extra = {k: v for k, v in f.details.items() if k not in PLACED and k not in o.details}
        block.extend(detail_lines(extra, f, sources))
        shown_details.update(extra)
    if o.check.claim:
        block.append(_claim_line(o, source))
    if source is not None and o.check.span is not None:
        block.append(f"spec: line {source.line_col(o.check.span.start)[0]}")
    if o.check.known:
        block.append(printable(f"known: {o.check.known}"))
    anchor = check.findings[0] if check.findings else None
    rest = {k: v for k, v in o.details.items() if k not in PLACED and k not in shown_details}
    block.extend(detail_lines(rest, anchor, sources))
    for key in ("counterexample", "reproduce"):
        if key in o.details:
            block.extend(detail_lines({key: o.details[key]}, anchor, sources))
    lines.extend(_BLOCK + ln for ln in block)
    return lines


def _claim_line(o: Any, source: Any) -> str:
    where = f"line {source.line_col(o.claim_span.start)[0]}" if source and o.claim_span else "not in the prose"
    return printable(f"claim ({where}): {o.check.claim}")


__all__ = ["report", "render", "render_note", "render_run_findings", "render_summary", "check_lines"]
