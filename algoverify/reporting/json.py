"""Machine-readable report: a JSON document with one object per finding (1-based line and column)."""

from __future__ import annotations

import json as _json
from typing import Any, Iterable

from ..findings import Finding
from .common import Sources, detail_value, jsonable, ordered, position


def finding_to_dict(finding: Finding, sources: Sources) -> dict[str, Any]:
    """Return the JSON object of one finding."""
    pos = position(finding, sources)
    out: dict[str, Any] = {
        "code": finding.code,
        "severity": finding.severity.value,
        "message": finding.message,
        "path": str(finding.path) if finding.path is not None else None,
    }
    if pos is not None:
        out.update(line=pos[0], column=pos[1], end_line=pos[2], end_column=pos[3])
    if finding.details:
        out["details"] = {
            k: jsonable(detail_value(v, finding, sources)) for k, v in finding.details.items() if not k.startswith("_")
        }
    return out


def render(findings: Iterable[Finding], sources: Sources, **extra: Any) -> str:
    """Render ``{"findings": [...], "summary": {...}}`` as indented JSON."""
    items = [finding_to_dict(f, sources) for f in ordered(findings)]
    counts: dict[str, int] = {}
    for item in items:
        counts[item["severity"]] = counts.get(item["severity"], 0) + 1
    doc: dict[str, Any] = {"version": 1, "findings": items, "summary": counts}
    doc.update({k: jsonable(v) for k, v in extra.items() if k != "colour"})
    return _json.dumps(doc, indent=2, ensure_ascii=False) + "\n"
