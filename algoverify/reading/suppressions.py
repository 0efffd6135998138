r"""Suppressions: what a note's author asked algoverify not to report.

Three forms, as ruff's ``# noqa`` and pylint's ``disable`` regions work:

* ``% algoverify: ignore[AV202]`` at the end of a line silences those codes for findings that
  start on that line (``ignore`` alone silences every code there); ``#`` (in Python blocks)
  and ``<!-- … -->`` (in Markdown prose) work as well as ``%``;
* ``% algoverify: off`` … ``% algoverify: on`` silences everything between them (to the end of
  the note when there is no ``on``);
* ``ignore: [AV202]`` in the note's ``algoverify:`` front matter silences codes note-wide.

A suppression that silences nothing is reported (AV006) when the run is strict.
"""

from __future__ import annotations

import re
from typing import Any

from ..findings import Finding, UnusedSuppression
from ..records import frozen
from ..source import SourceFile, Span

__all__ = ["Suppression", "find_suppressions", "apply_suppressions"]

_DIRECTIVE = re.compile(
    r"(?:%|#|<!--)[ \t]*algoverify:[ \t]*(?P<verb>ignore|off|on)\b(?:\[(?P<codes>[^\]\n]*)\])?", re.IGNORECASE
)


@frozen
class Suppression:
    """One directive: the codes it silences (``None``: all) over ``region`` of the note."""

    kind: str  # "line", "region" or "note"
    codes: frozenset[str] | None
    region: Span
    span: Span  # the directive itself, for the unused-suppression finding

    def covers(self, finding: Finding) -> bool:
        """True when this directive silences ``finding``."""
        if self.codes is not None and not any(finding.code.startswith(c) for c in self.codes):
            return False
        if self.kind == "note":
            return True
        return finding.span is not None and finding.span.start in self.region


def _codes(raw: str | None) -> frozenset[str] | None:
    if raw is None:
        return None
    codes = frozenset(c.strip().upper() for c in raw.split(",") if c.strip())
    return codes or None


def find_suppressions(
    source: SourceFile, front_matter: Any = None, front_matter_span: Span | None = None
) -> list[Suppression]:
    """Every suppression in a note's text and front matter."""
    text = source.text
    out: list[Suppression] = []
    off_at: tuple[int, Span] | None = None
    for m in _DIRECTIVE.finditer(text):
        verb = m.group("verb").lower()
        span = Span(m.start(), m.end())
        if verb == "ignore":
            line = source.lines.line_col(m.start())[0]
            out.append(Suppression("line", _codes(m.group("codes")), source.lines.line_span(line, text), span))
        elif verb == "off" and off_at is None:
            off_at = (m.end(), span)
        elif verb == "on" and off_at is not None:
            out.append(Suppression("region", None, Span(off_at[0], m.start()), off_at[1]))
            off_at = None
    if off_at is not None:
        out.append(Suppression("region", None, Span(off_at[0], len(text)), off_at[1]))
    section = front_matter.get("algoverify") if isinstance(front_matter, dict) else None
    ignored = section.get("ignore") if isinstance(section, dict) else None
    if isinstance(ignored, str):
        ignored = [ignored]
    if isinstance(ignored, list) and ignored:
        where = front_matter_span or Span(0, 0)
        key = re.compile(r"^[ \t]*(ignore)[ \t]*[:=]", re.M).search(text, where.start, where.end)
        at = Span(key.start(1), key.end(1)) if key is not None else where
        out.append(Suppression("note", frozenset(str(c).upper() for c in ignored), where, at))
    return out


def apply_suppressions(
    findings: list[Finding], suppressions: list[Suppression], *, path: Any = None, report_unused: bool = False
) -> list[Finding]:
    """The findings no directive silences, then (with ``report_unused``) an AV006 per idle directive or code."""
    used: dict[int, set[str]] = {}
    kept: list[Finding] = []
    for finding in findings:
        hits = [i for i, s in enumerate(suppressions) if s.covers(finding)]
        if hits and finding.code != UnusedSuppression.code:
            for i in hits:
                used.setdefault(i, set()).add(finding.code)
        else:
            kept.append(finding)
    if report_unused:
        for i, s in enumerate(suppressions):
            codes = s.codes or frozenset()
            idle = sorted(c for c in codes if not any(code.startswith(c) for code in used.get(i, ())))
            if i in used and not idle:
                continue
            where = {"line": "ignore", "region": "off … on", "note": "front-matter ignore:"}[s.kind]
            shown = f"{where} [{', '.join(idle)}]" if idle else where
            kept.append(UnusedSuppression.finding(s.span, path, what=f"{shown} silences no finding"))
    return kept
