"""SARIF 2.1.0 report, for code-scanning services: one run, the rule registry as the tool's rules.

Paths are relative to ``%SRCROOT%`` (the project root, given as a ``file://`` URI in
``originalUriBaseIds``) so that a service can place them in its checkout. A failed check's result
carries its counterexample and reproduce command in the message, the claim's sentence and the
spec entry as related locations, and a fingerprint that does not move when lines do.
"""

from __future__ import annotations

import hashlib
import json as _json
import re
from pathlib import Path
from typing import Any, Iterable
from urllib.parse import quote

from ..findings import RULES, Finding, Severity
from ..source import Span
from ..version import __version__
from .common import (
    Bare,
    CheckReport,
    Sources,
    attribute,
    counterexample,
    ordered,
    span_position,
    verdict_counts,
)
from .json import check_to_dict

SCHEMA = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
SRCROOT = "%SRCROOT%"
#: the key of our fingerprint in ``partialFingerprints``; its version changes if the recipe does
FINGERPRINT = "algoverify/v1"
_LEVEL = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.NOTE: "note"}
_FAMILY = {
    "0": "input",
    "1": "parse",
    "2": "math",
    "3": "runtime",
    "4": "failed check",
    "5": "spec",
    "6": "unverified",
    "7": "flowchart",
}


def _rule_descriptor(code: str) -> dict[str, Any]:
    rule = RULES[code]
    doc = rule.doc_sections()
    what, why, example = doc.get("What", rule.__name__), doc.get("Why", ""), doc.get("Example", "")
    return {
        "id": code,
        "name": rule.__name__,
        "shortDescription": {"text": what},
        "fullDescription": {"text": why or what},
        "help": {"text": f"{what}\n\nWhy: {why}\n\nExample: {example}\n\n(`algoverify explain {code}`)"},
        "defaultConfiguration": {"level": _LEVEL[rule.severity]},
        "properties": {"tags": [_FAMILY.get(code[2], "other")]},
    }


class _Places:
    """Turns a note's path and spans into SARIF physical locations under ``%SRCROOT%``."""

    def __init__(self, root: Path, sources: Sources) -> None:
        self.root = root.resolve()
        self.sources = sources

    def artifact(self, path: Path) -> dict[str, Any]:
        full = path if path.is_absolute() else Path.cwd() / path
        try:
            relative = full.resolve().relative_to(self.root)
        except ValueError:  # outside the project: an absolute URI, no base
            return {"uri": full.resolve().as_uri()}
        return {"uri": quote(relative.as_posix()), "uriBaseId": SRCROOT}

    def physical(self, path: Path, span: Span | None) -> dict[str, Any]:
        out: dict[str, Any] = {"artifactLocation": self.artifact(path)}
        pos = span_position(self.sources.get(path), span)
        if pos is not None:
            # SARIF columns are 1-based; columnKind says they count code points, as ours do
            out["region"] = {
                "startLine": pos[0],
                "startColumn": pos[1],
                "endLine": pos[2],
                # an empty region on one line is widened to one column (SARIF has no empty regions)
                "endColumn": max(pos[3], pos[1] + 1) if pos[2] == pos[0] else pos[3],
            }
        return out


def _fingerprint(finding: Finding, check: str | None, places: _Places, seen: dict[str, int]) -> str:
    """A hash of what the finding is, not where: code, note, and the check (or the message without numbers).

    Line and column stay out, so that a line added above does not make the finding new; the
    numbers of a message (positions, values, counts) stay out for the same reason. Two findings
    alike in all this are told apart by their order.
    """
    path = places.artifact(finding.path)["uri"] if finding.path is not None else ""
    what = f"check:{check}" if check is not None else re.sub(r"\d+(\.\d+)?", "#", finding.message)
    key = "\0".join((finding.code, path, what))
    seen[key] = seen.get(key, 0) + 1
    return hashlib.sha256(f"{key}\0{seen[key]}".encode()).hexdigest()[:32]


def _message(finding: Finding) -> str:
    text = finding.message
    example = finding.details.get("counterexample")
    if isinstance(example, str) and example:
        text += "\nCounterexample: " + "; ".join(example.splitlines())
    command = finding.details.get("reproduce")
    if isinstance(command, str):
        text += f"\nReproduce: {command}"
    return text


def _result(
    finding: Finding,
    check: CheckReport | None,
    places: _Places,
    index: dict[str, int],
    seen: dict[str, int],
) -> dict[str, Any]:
    check_id = check.outcome.check.id if check is not None else None
    out: dict[str, Any] = {
        "ruleId": finding.code,
        "ruleIndex": index[finding.code],
        "level": _LEVEL[finding.severity],
        "message": {"text": _message(finding)},
    }
    if finding.path is not None:
        out["locations"] = [{"physicalLocation": places.physical(finding.path, finding.span)}]
        related = _related(finding, check, places)
        if related:
            out["relatedLocations"] = related
        out["partialFingerprints"] = {FINGERPRINT: _fingerprint(finding, check_id, places, seen)}
    properties: dict[str, Any] = {}
    if check is not None:
        properties.update(check=check_id, verdict=check.outcome.status)
    example = counterexample(finding.details)
    if example is not None:
        properties["counterexample"] = example
    if properties:
        out["properties"] = properties
    return out


def _related(finding: Finding, check: CheckReport | None, places: _Places) -> list[dict[str, Any]]:
    """The claim's sentence and the check's entry in the spec (a refutation stands at the claim: both are said)."""
    claim_span = check.outcome.claim_span if check is not None else finding.details.get("claim_at")
    spec_span = check.outcome.check.span if check is not None else finding.details.get("spec_at")
    claim = check.outcome.check.claim if check is not None else finding.details.get("claim")
    out = []
    if isinstance(claim_span, Span):
        out.append((claim_span, f"the claim: {claim}" if claim else "the claim"))
    if isinstance(spec_span, Span):
        name = f" {check.outcome.check.id}" if check is not None else ""
        out.append((spec_span, f"the spec's entry of check{name}"))
    return [
        {"id": i, "physicalLocation": places.physical(finding.path, span), "message": {"text": text}}
        for i, (span, text) in enumerate(out)
    ]


def project_root(result: Any) -> Path:
    """The folder ``%SRCROOT%`` stands for: the project root of the first note that has one, else here."""
    for note in result.notes:
        root = getattr(getattr(note, "config", None), "root", None)
        if root is not None:
            return Path(root)
    return Path.cwd()


def document(result: Any, *, root: Path | None = None) -> dict[str, Any]:
    """The SARIF log of a run as a JSON-able dict."""
    places = _Places(root if root is not None else project_root(result), result.sources)
    owner: dict[int, CheckReport] = {}
    checks = []
    for note in result.notes:
        for c in attribute(note)[0]:
            checks.append(check_to_dict(note, c.outcome, c.findings))
            owner.update((id(f), c) for f in c.findings)
    items = ordered(result.all_findings())
    codes = sorted({f.code for f in items})
    index = {code: i for i, code in enumerate(codes)}
    seen: dict[str, int] = {}
    results = []
    for f in items:
        results.append(_result(f, owner.get(id(f)), places, index, seen))
    run: dict[str, Any] = {
        "tool": {
            "driver": {
                "name": "algoverify",
                "version": __version__,
                "semanticVersion": __version__,
                "informationUri": "https://pypi.org/project/algoverify/",
                "rules": [_rule_descriptor(c) for c in codes],
            }
        },
        "originalUriBaseIds": {SRCROOT: {"uri": places.root.as_uri().rstrip("/") + "/"}},
        "invocations": [{"executionSuccessful": not result.internal_error}],
        "columnKind": "unicodeCodePoints",
        "results": results,
    }
    # SARIF's results are problems, and a verified claim is not one: the verdict of every check
    # goes in the run's property bag, as the JSON report gives it
    run["properties"] = {"checks": checks, "verdicts": verdict_counts(result.notes)}
    return {"$schema": SCHEMA, "version": "2.1.0", "runs": [run]}


def report(result: Any, **_: Any) -> str:
    """Render the run as a SARIF 2.1.0 log with one run."""
    return _json.dumps(document(result), indent=2, ensure_ascii=False, allow_nan=False) + "\n"


def render(findings: Iterable[Finding], sources: Sources, **_: Any) -> str:
    """The SARIF log of bare findings (no notes, no checks)."""
    return report(Bare(list(findings), sources))
