"""Helpers shared by the reporters: positions, a stable order, and which findings belong to which check."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Mapping

from ..checking.outcome import VERDICTS
from ..findings import Finding, Severity
from ..source import SourceFile, Span, number_text

Sources = Mapping[Path, SourceFile]

#: detail keys a check's report shows in a place of their own (not as ``key: value`` lines)
PLACED = frozenset({"claim", "claim_at", "spec_at", "counterexample", "reproduce"})


def position(finding: Finding, sources: Sources) -> tuple[int, int, int, int] | None:
    """Return ``(line, col, end_line, end_col)`` (1-based) of a finding, or ``None`` without a span."""
    if finding.path is None:
        return None
    return span_position(sources.get(finding.path), finding.span)


def span_position(source: SourceFile | None, span: Span | None) -> tuple[int, int, int, int] | None:
    """``(line, col, end_line, end_col)`` of ``span`` in ``source``; the end is just past the span."""
    if source is None or span is None:
        return None
    line, col = source.line_col(span.start)
    end_line, end_col = source.line_col(span.end)
    return line, col, end_line, end_col


def location_object(source: SourceFile | None, span: Span | None) -> dict[str, int] | None:
    """``{"line", "column", "end_line", "end_column"}`` of ``span``, as the JSON report gives positions."""
    pos = span_position(source, span)
    if pos is None:
        return None
    return dict(zip(("line", "column", "end_line", "end_column"), pos))


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
    """Render a detail for text output: a span becomes ``line:col`` in the finding's note."""
    if isinstance(value, Span) and finding.path in sources:
        line, col = sources[finding.path].line_col(value.start)
        return f"{line}:{col}"
    return value


#: how the JSON report spells a number JSON itself cannot hold (the spelling ``float()`` reads back)
NON_FINITE = {math.inf: "Infinity", -math.inf: "-Infinity"}


def jsonable(value: Any) -> Any:
    """``value`` as strict JSON can hold it: arrays as lists, keys as text, anything else as its ``str``.

    A non-finite float becomes ``"Infinity"``, ``"-Infinity"`` or ``"NaN"`` (strict JSON has no
    such numbers); an integer too long for ``str`` becomes its elided text.
    """
    if isinstance(value, float):
        return value if math.isfinite(value) else NON_FINITE.get(value, "NaN")
    if type(value) is int and value.bit_length() > 13_000:
        return number_text(value)
    if isinstance(value, (str, int, bool)) or value is None:
        return value
    if isinstance(value, dict):
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [jsonable(v) for v in value]
    tolist = getattr(value, "tolist", None)
    if callable(tolist):
        return jsonable(tolist())
    return str(value)


#: Entries of an array a machine report carries whole; a larger one is summarised (its shape, type,
#: range and first entries), and the check writes it whole to ``counterexample_file`` of its details.
JSON_ENTRIES = 10_000


def counterexample(details: Mapping[str, Any]) -> dict[str, Any] | None:
    """The counterexample of a refuted check as ``{name: value}``, values as JSON numbers and arrays.

    An array of more than :data:`JSON_ENTRIES` entries is an object ``{"shape", "dtype", "min",
    "max", "first", "file"}`` instead: a report stays a few KB whatever the check draws.
    """
    values = details.get("_counterexample")
    if isinstance(values, dict):
        return {str(k): _bounded(v, details.get("_counterexample_file")) for k, v in values.items()}
    return None


def _bounded(value: Any, file: Any) -> Any:
    if _entries(value) <= JSON_ENTRIES:
        return jsonable(value)
    import numpy as np  # only for a value this large: lint's reports never import it

    try:
        array = np.asarray(value if isinstance(value, np.ndarray) else _listed(value))
    except (ValueError, TypeError):
        array = None
    if array is None or array.dtype == object:
        return {"shape": [len(value)], "dtype": "list", "min": None, "max": None, "first": [], "file": file}
    flat = array.ravel()
    numeric = array.dtype.kind in "biuf"
    return {
        "shape": list(array.shape),
        "dtype": str(array.dtype),
        "min": jsonable(flat.min().item()) if numeric else None,
        "max": jsonable(flat.max().item()) if numeric else None,
        "first": jsonable(flat[:8].tolist()),
        "file": file,
    }


def _listed(value: Any) -> Any:
    """``value.tolist()`` for an array, or an array as a cached report gives it back; else ``value``."""
    tolist = getattr(value, "tolist", None)
    if callable(tolist) and not isinstance(value, (list, tuple, str)):
        return tolist()
    return value


def _entries(value: Any) -> int:
    """How many numbers ``value`` holds (an array's size; a nested list's leaves, counted up to the limit)."""
    size = getattr(value, "size", None)
    if isinstance(size, int):
        return size
    if not isinstance(value, (list, tuple)):
        listed = _listed(value)
        return 1 if listed is value else _entries(listed)
    total = 0
    for item in value:
        total += _entries(item)
        if total > JSON_ENTRIES:
            break
    return total


@dataclass
class CheckReport:
    """One check as a report shows it: its outcome and the findings it raised (those still reported)."""

    outcome: Any
    findings: list[Finding] = field(default_factory=list)


def attribute(note: Any) -> tuple[list[CheckReport], list[Finding]]:
    """Split a note's findings between its checks and the note itself.

    A finding a check raised is shown with that check (once); the rest belong to the note.
    Matching is by value, not identity: findings come back from a note's worker pickled, and a
    finding the note suppresses is not shown with its check either.
    """
    left = list(note.findings)
    checks = []
    for outcome in note.outcomes:
        mine = []
        for f in outcome.findings:
            for i, g in enumerate(left):
                if g == f:
                    mine.append(left.pop(i))
                    break
        checks.append(CheckReport(outcome, mine))
    return checks, ordered(left)


def verdict_counts(notes: Iterable[Any]) -> dict[str, int]:
    """How many checks ended in each verdict, every verdict present (in the order of the text's summary)."""
    counts = dict.fromkeys(VERDICTS, 0)
    for note in notes:
        for o in note.outcomes:
            counts[o.status] += 1
    return counts


def severity_counts(findings: Iterable[Finding]) -> dict[str, int]:
    """How many findings of each severity, every severity present."""
    counts = {s.value: 0 for s in Severity}
    for f in findings:
        counts[f.severity.value] += 1
    return counts


def unverified_count(findings: Iterable[Finding]) -> int:
    """Listings, equations, snippets and flowcharts no check covers (the ``AV6xx`` findings)."""
    return sum(f.code.startswith("AV6") for f in findings)


def fails(finding: Finding, strict: bool) -> bool:
    """Whether ``finding`` fails the run: an error always, a warning with ``--strict``."""
    return finding.severity is Severity.ERROR or (strict and finding.severity is Severity.WARNING)


@dataclass
class Bare:
    """A run known only by its findings (``run``, ``parse``): what the reporters need of a result."""

    findings: list[Finding]
    sources: Sources
    notes: list = field(default_factory=list)
    seconds: float = 0.0

    def all_findings(self) -> list[Finding]:
        """Every finding of the run."""
        return list(self.findings)

    @property
    def internal_error(self) -> bool:
        """True when algoverify itself failed (an ``AV099`` finding)."""
        return any(f.code == "AV099" for f in self.findings)

    def failed(self, strict: bool = False) -> bool:
        """True when any finding fails the run."""
        return any(fails(f, strict) for f in self.findings)
