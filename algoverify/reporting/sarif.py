"""SARIF 2.1.0 report, for code-scanning services: one run, the rule registry as the tool's rules."""

from __future__ import annotations

import json as _json
from typing import Any, Iterable

from ..findings import RULES, Finding, Severity
from ..version import __version__
from .common import Sources, jsonable, ordered, position

SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
_LEVEL = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.NOTE: "note"}


def _rule_descriptor(code: str) -> dict[str, Any]:
    rule = RULES[code]
    doc = rule.doc_sections()
    return {
        "id": code,
        "name": rule.__name__,
        "shortDescription": {"text": doc.get("What", rule.__name__)},
        "fullDescription": {"text": doc.get("Why", "")},
        "help": {"text": doc.get("Example", "")},
        "defaultConfiguration": {"level": _LEVEL[rule.severity]},
    }


def _result(finding: Finding, sources: Sources, index: dict[str, int]) -> dict[str, Any]:
    out: dict[str, Any] = {
        "ruleId": finding.code,
        "ruleIndex": index[finding.code],
        "level": _LEVEL[finding.severity],
        "message": {"text": finding.message},
    }
    if finding.path is not None:
        physical: dict[str, Any] = {"artifactLocation": {"uri": finding.path.as_posix()}}
        pos = position(finding, sources)
        if pos is not None:
            # SARIF columns are 1-based and, by default, count UTF-16 code units; our columns
            # count code points, which agree outside the astral planes.
            physical["region"] = {
                "startLine": pos[0],
                "startColumn": pos[1],
                "endLine": pos[2],
                "endColumn": max(pos[3], pos[1] + (1 if pos[2] == pos[0] else 0)),
            }
        out["locations"] = [{"physicalLocation": physical}]
    return out


def render(findings: Iterable[Finding], sources: Sources, checks: list[dict[str, Any]] | None = None, **_: Any) -> str:
    """Render a SARIF 2.1.0 log with one run.

    ``checks`` (the verdict of every check, as in the JSON report) go in the run's property bag:
    SARIF's results are problems, and a verified claim is not one.
    """
    items = ordered(findings)
    codes = sorted({f.code for f in items})
    index = {code: i for i, code in enumerate(codes)}

    log = {
        "$schema": SCHEMA,
        "version": "2.1.0",
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": "algoverify",
                        "version": __version__,
                        "informationUri": "https://pypi.org/project/algoverify/",
                        "rules": [_rule_descriptor(c) for c in codes],
                    }
                },
                "columnKind": "unicodeCodePoints",
                "results": [_result(f, sources, index) for f in items],
            }
        ],
    }
    if checks is not None:
        counts: dict[str, int] = {}
        for check in checks:
            counts[check["status"]] = counts.get(check["status"], 0) + 1
        log["runs"][0]["properties"] = {"checks": jsonable(checks), "verdicts": counts}
    return _json.dumps(log, indent=2, ensure_ascii=False) + "\n"
