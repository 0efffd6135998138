"""GitHub Actions workflow commands: ``::error file=…,line=…,col=…::message`` per finding."""

from __future__ import annotations

from typing import Any, Iterable

from ..findings import Finding, Severity
from .common import Sources, ordered, position

_KIND = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.NOTE: "notice"}


def _escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(text: str) -> str:
    return _escape_data(text).replace(":", "%3A").replace(",", "%2C")


def render(findings: Iterable[Finding], sources: Sources, **_: Any) -> str:
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
        lines.append(f"::{_KIND[f.severity]} {','.join(props)}::{_escape_data(f.code + ' ' + f.message)}")
    return "\n".join(lines) + ("\n" if lines else "")
