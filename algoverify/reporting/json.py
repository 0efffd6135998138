"""Machine-readable report: one JSON document per run, in the versioned schema ``report.schema.json``.

The schema ships inside the package (:func:`schema`); ``version`` changes when a field is removed
or changes meaning, never for an added one. Positions are 1-based integers (columns count code
points; ``end_*`` is just past the end), verdicts are the text report's words, a counterexample is
an object of the inputs' values, and the summary is always there.
"""

from __future__ import annotations

import json as _json
from importlib import resources
from typing import Any, Iterable

from ..findings import Finding
from ..source import Span
from ..version import __version__
from .common import (
    PLACED,
    Bare,
    Sources,
    attribute,
    counterexample,
    jsonable,
    location_object,
    ordered,
    position,
    severity_counts,
    unverified_count,
    verdict_counts,
)

#: the schema's version, the document's ``version``
VERSION = 2
SCHEMA_FILE = "report.schema.json"


def schema() -> dict[str, Any]:
    """The JSON Schema of the report, as shipped in the package."""
    return _json.loads(resources.files(__package__).joinpath(SCHEMA_FILE).read_text(encoding="utf-8"))


def finding_to_dict(finding: Finding, sources: Sources, check: str | None = None) -> dict[str, Any]:
    """Return the JSON object of one finding (``check``: the id of the check that raised it)."""
    pos = position(finding, sources) or (None, None, None, None)
    source = sources.get(finding.path) if finding.path is not None else None
    details: dict[str, Any] = {}
    for key, value in finding.details.items():
        if key.startswith("_"):
            continue
        if key == "counterexample":
            details[key] = counterexample(finding.details) or _parsed(value)
        elif isinstance(value, Span):
            details[key] = location_object(source, value)
        else:
            details[key] = jsonable(value)
    return {
        "code": finding.code,
        "severity": finding.severity.value,
        "message": finding.message,
        "path": str(finding.path) if finding.path is not None else None,
        **dict(zip(("line", "column", "end_line", "end_column"), pos)),
        "check": check,
        "details": details,
    }


def check_to_dict(note: Any, outcome: Any, findings: list[Finding]) -> dict[str, Any]:
    """Return the JSON object of one check's outcome (``findings``: those it raised that are reported)."""
    source = note.note.source if note.note is not None else None
    check = outcome.check
    claim = None
    if check.claim:
        where = location_object(source, outcome.claim_span) or dict.fromkeys(
            ("line", "column", "end_line", "end_column")
        )
        claim = {"text": check.claim, **where}
    details = outcome.details
    return {
        "path": str(note.path),
        "id": check.id,
        "kind": check.kind,
        "status": outcome.status,
        "message": outcome.message,
        "trials": outcome.trials,
        "seconds": round(outcome.seconds, 4),
        "claim": claim,
        "spec": location_object(source, check.span),
        "known": check.known,
        "counterexample": counterexample(details) or _parsed(details.get("counterexample")),
        "reproduce": details.get("reproduce"),
        "codes": [f.code for f in findings],
        "details": {
            k: (location_object(source, v) if isinstance(v, Span) else jsonable(v))
            for k, v in details.items()
            if k not in PLACED and not k.startswith("_")
        },
    }


def _parsed(text: Any) -> dict[str, str] | None:
    """A counterexample known only as ``name = value`` lines: the values as their text."""
    if not isinstance(text, str):
        return None
    pairs = (line.partition(" = ") for line in text.splitlines())
    return {name: value for name, sep, value in pairs if sep}


def document(result: Any, *, command: str = "check", strict: bool = False) -> dict[str, Any]:
    """The report of a run as a JSON-able dict (see ``report.schema.json``)."""
    sources = result.sources
    owner: dict[int, str] = {}  # id(finding) → the check that raised it
    checks = []
    for note in result.notes:
        attributed, _ = attribute(note)
        for c in attributed:
            checks.append(check_to_dict(note, c.outcome, c.findings))
            owner.update((id(f), c.outcome.check.id) for f in c.findings)
    all_findings = result.all_findings()
    return {
        "version": VERSION,
        "tool": {"name": "algoverify", "version": __version__},
        "command": command,
        "strict": strict,
        "notes": [
            {"path": str(n.path), "seconds": round(n.seconds, 4), "cached": bool(getattr(n, "cached", False))}
            for n in result.notes
        ],
        "checks": checks,
        "findings": [finding_to_dict(f, sources, owner.get(id(f))) for f in ordered(all_findings)],
        "summary": summary(result, strict=strict),
    }


def summary(result: Any, *, strict: bool = False) -> dict[str, Any]:
    """Counts of the run: notes, checks by verdict, unverified blocks, findings by severity; whether it failed."""
    findings = result.all_findings()
    verdicts = verdict_counts(result.notes)
    return {
        "notes": len(result.notes),
        "checks": sum(verdicts.values()),
        "verdicts": verdicts,
        "unverified": unverified_count(findings),
        "findings": severity_counts(findings),
        "failed": bool(result.internal_error or result.failed(strict)),
        "seconds": round(getattr(result, "seconds", 0.0), 4),
    }


def report(result: Any, *, command: str = "check", strict: bool = False, **_: Any) -> str:
    """Render the run's report as indented JSON."""
    doc = document(result, command=command, strict=strict)
    return _json.dumps(doc, indent=2, ensure_ascii=False, allow_nan=False) + "\n"


def render(findings: Iterable[Finding], sources: Sources, *, strict: bool = False, **_: Any) -> str:
    """The report of bare findings (no notes, no checks), as ``lint`` would give it."""
    return report(Bare(list(findings), sources), command="lint", strict=strict)
