"""GitHub Actions workflow commands: ``::error file=…,line=…,col=…::message`` per finding.

The level follows the run: with ``--strict`` a warning fails the run, so it is an ``error``
annotation too. A failed check's annotation carries its counterexample and reproduce command.
"""

from __future__ import annotations

from typing import Any, Iterable

from ..findings import Finding, Severity
from ..source import printable
from .common import Sources, ordered, position

_KIND = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.NOTE: "notice"}


def _escape_data(text: str) -> str:
    # a check id or a message quoting the note may hold ESC or BEL: shown, never sent to the log
    return printable(text).replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(text: str) -> str:
    return _escape_data(text).replace(":", "%3A").replace(",", "%2C")


def _message(finding: Finding) -> str:
    text = f"{finding.code} {finding.message}"
    for key in ("counterexample", "reproduce"):
        value = finding.details.get(key)
        if isinstance(value, str) and value:
            text += f"\n{key}: " + "; ".join(value.splitlines())
    return text


def level(finding: Finding, strict: bool) -> str:
    """The annotation's level: the finding's severity, a warning an error when ``--strict`` makes it fail."""
    if strict and finding.severity is Severity.WARNING:
        return "error"
    return _KIND[finding.severity]


def render(findings: Iterable[Finding], sources: Sources, *, strict: bool = False, **_: Any) -> str:
    """Render one workflow command per finding."""
    lines = []
    for f in ordered(findings):
        props = []
        if f.path is not None:
            props.append(f"file={_escape_property(f.path.as_posix())}")
        pos = position(f, sources)
        if pos is not None:
            props.append(f"line={pos[0]},col={pos[1]},endLine={pos[2]},endColumn={pos[3]}")
        props.append(f"title={_escape_property(f.code)}")
        lines.append(f"::{level(f, strict)} {','.join(props)}::{_escape_data(_message(f))}")
    return "\n".join(lines) + ("\n" if lines else "")


def report(result: Any, *, strict: bool = False, **_: Any) -> str:
    """The annotations of a run's findings."""
    return render(result.all_findings(), result.sources, strict=strict)


__all__ = ["render", "report", "level"]
