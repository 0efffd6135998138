"""Helpers shared by the reporters: positions of findings and a stable order."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Iterable, Mapping

from ..findings import Finding
from ..source import SourceFile, Span

Sources = Mapping[Path, SourceFile]


def position(finding: Finding, sources: Sources) -> tuple[int, int, int, int] | None:
    """Return ``(line, col, end_line, end_col)`` (1-based) of a finding, or ``None`` without a span."""
    if finding.span is None or finding.path is None or finding.path not in sources:
        return None
    src = sources[finding.path]
    line, col = src.line_col(finding.span.start)
    end_line, end_col = src.line_col(finding.span.end)
    return line, col, end_line, end_col


def sort_key(finding: Finding) -> tuple:
    """Order findings by file, then position, then code (pyflakes sorts by line too)."""
    start = finding.span.start if finding.span is not None else -1
    return (str(finding.path or ""), start, finding.code)


def ordered(findings: Iterable[Finding]) -> list[Finding]:
    """Return the findings in report order."""
    return sorted(findings, key=sort_key)


def location(finding: Finding, sources: Sources) -> str:
    """Return ``path:line:col`` (or just ``path``) for a finding."""
    pos = position(finding, sources)
    path = str(finding.path) if finding.path is not None else "<input>"
    if pos is None:
        return path
    return f"{path}:{pos[0]}:{pos[1]}"


def detail_value(value: object, finding: Finding, sources: Sources) -> object:
    """Render a detail for output: a span becomes ``line:col`` in the finding's note."""
    if isinstance(value, Span) and finding.path in sources:
        line, col = sources[finding.path].line_col(value.start)
        return f"{line}:{col}"
    return value


def jsonable(value: Any) -> Any:
    """``value`` as JSON can hold it: arrays as lists, keys as text, anything else as its ``str``."""
    if isinstance(value, (str, int, float, bool)) or value is None:
        return value
    if isinstance(value, dict):
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [jsonable(v) for v in value]
    tolist = getattr(value, "tolist", None)
    if callable(tolist):
        return jsonable(tolist())
    return str(value)
