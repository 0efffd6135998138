"""Findings and check outcomes → the protocol's diagnostics.

A lint finding keeps its code, message and span, and its severity as ``algoverify lint``
reports it: an error, a warning, and a note only when asked (``verbose``), as ``--verbose`` does.
A cached check outcome becomes two diagnostics: one on the first line of the check's entry in
the spec, one on the sentence of the prose it backs (its ``claim:``), each saying the verdict.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Iterable

from lsprotocol import types

from ...findings import Finding, Severity
from .positions import Lines

__all__ = ["lint_diagnostics", "outcome_diagnostics", "to_range", "SOURCE", "CHECK_SOURCE"]

#: who says it, as editors show it beside the message
SOURCE = "algoverify"
CHECK_SOURCE = "algoverify check"

_SEVERITY = {
    Severity.ERROR: types.DiagnosticSeverity.Error,
    Severity.WARNING: types.DiagnosticSeverity.Warning,
    Severity.NOTE: types.DiagnosticSeverity.Information,
}
#: a verdict's weight in the editor: a refutation is an error, a claim nothing tested a warning
_VERDICT = {
    "verified": types.DiagnosticSeverity.Information,
    "refuted as expected": types.DiagnosticSeverity.Information,
    "refuted": types.DiagnosticSeverity.Error,
    "could not check": types.DiagnosticSeverity.Warning,
}


def to_range(lines: Lines, start: int, end: int) -> types.Range:
    """The protocol's range of the note's offsets ``start`` … ``end``."""
    (l1, c1), (l2, c2) = lines.range(start, end)
    return types.Range(types.Position(l1, c1), types.Position(l2, c2))


def lint_diagnostics(findings: Iterable[Finding], path: Path, lines: Lines, *, verbose: bool = False) -> list:
    """One diagnostic per finding about the note at ``path`` (a note's own notes only with ``verbose``)."""
    out = []
    for f in findings:
        if f.severity is Severity.NOTE and not verbose:
            continue
        if f.path is not None and Path(f.path) != path:
            continue  # about another file (a module, a preamble): its own editor says it
        span = f.span
        where = to_range(lines, span.start, span.end) if span is not None else to_range(lines, 0, 0)
        out.append(types.Diagnostic(where, f.message, _SEVERITY[f.severity], code=f.code, source=SOURCE))
    return out


def outcome_diagnostics(outcomes: Iterable[Any], lines: Lines) -> list:
    """The verdict of each cached check, on its spec entry's first line and on the claim it backs."""
    out = []
    for o in outcomes:
        check = o.check
        if check is None:
            continue
        severity = _VERDICT.get(o.status, types.DiagnosticSeverity.Information)
        code = o.findings[0].code if o.findings and not o.ok else None
        said = f": {o.message}" if o.message else ""
        if check.span is not None:
            where = to_range(lines, check.span.start, check.span.end)
            if where.end.line > where.start.line:  # the entry's first line: `- id: …`
                where.end = types.Position(where.start.line, lines.length(where.start.line))
            message = f"{o.status}: {check.kind} check {check.id}{said}"
            out.append(types.Diagnostic(where, message, severity, code, source=CHECK_SOURCE))
        if o.claim_span is not None:
            message = f"{o.status} by check {check.id}{said}"
            where = to_range(lines, o.claim_span.start, o.claim_span.end)
            out.append(types.Diagnostic(where, message, severity, code, source=CHECK_SOURCE))
    return out
