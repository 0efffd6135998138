"""The ``algoverify claims`` report: each sentence of the prose that states something checkable, and what backs it."""

from __future__ import annotations

import json as _json
from typing import Any

from ..source import printable
from ..version import __version__
from .common import ordered
from .json import finding_to_dict
from .text import render_findings

#: Characters of a sentence shown under its location; the rest is cut at a word boundary.
SHOWN = 100

_COLOUR = {"checked": "32", "unchecked": "33", "not checked": "31"}


def _paint(text: str, code: str, colour: bool) -> str:
    return f"\x1b[{code}m{text}\x1b[0m" if colour else text


def rows(result: Any) -> list[dict[str, Any]]:
    """One JSON-able row per claim of every note: where, the sentence, its status and what backs it."""
    out = []
    for note in result.notes:
        if note.note is None:
            continue
        src = note.note.source
        for claim in note.claims:
            line, col = src.line_col(claim.sentence.span.start)
            end_line, end_col = src.line_col(claim.sentence.span.end)
            out.append(
                {
                    "path": str(note.path),
                    "line": line,
                    "column": col,
                    "end_line": end_line,
                    "end_column": end_col,
                    "sentence": claim.sentence.text,
                    "status": claim.status,
                    "checks": list(claim.checks),
                    "unchecked": claim.unchecked,
                    "cues": list(claim.cues),
                }
            )
    return out


def render(result: Any, *, colour: bool = False) -> str:
    """Each claim as ``path:line:col: status`` and the sentence's start below; then findings and a count."""
    lines: list[str] = []
    table = rows(result)
    for row in table:
        if row["status"] == "checked":
            status = "checked by " + ", ".join(row["checks"])
        elif row["status"] == "unchecked":
            status = f"unchecked: {row['unchecked']}"
        else:
            status = "not checked (" + ", ".join(row["cues"]) + ")"
        head = f"{row['path']}:{row['line']}:{row['column']}: "
        lines.append(printable(head) + _paint(printable(status), _COLOUR[row["status"]], colour))
        lines.append("    " + printable(_cut(row["sentence"])))
    findings = result.all_findings()
    if findings:
        lines.append("")
        lines.extend(render_findings(findings, result.sources, colour=colour))
    counts = _counts(table)
    lines.append("")
    lines.append(
        f"{len(table)} claim{'s' if len(table) != 1 else ''}: {counts['checked']} checked, "
        f"{counts['unchecked']} marked unchecked, {counts['not checked']} not checked"
    )
    return "\n".join(lines) + "\n"


def render_json(result: Any) -> str:
    """The claims as one JSON document: the rows of :func:`rows`, the findings, and the counts by status."""
    table = rows(result)
    doc = {
        "version": 1,
        "tool": {"name": "algoverify", "version": __version__},
        "command": "claims",
        "claims": table,
        "findings": [finding_to_dict(f, result.sources) for f in ordered(result.all_findings())],
        "summary": {"claims": len(table), **_counts(table)},
    }
    return _json.dumps(doc, indent=2, ensure_ascii=False) + "\n"


def _counts(table: list[dict[str, Any]]) -> dict[str, int]:
    return {status: sum(r["status"] == status for r in table) for status in _COLOUR}


def _cut(text: str) -> str:
    if len(text) <= SHOWN:
        return text
    cut = text.rfind(" ", 0, SHOWN)
    return text[: cut if cut > SHOWN // 2 else SHOWN].rstrip(",;:—– ") + "…"
