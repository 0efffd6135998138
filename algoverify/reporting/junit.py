"""JUnit XML, for CI systems that show test results: one test suite per note, one test case per check.

The verdicts map as pytest maps its outcomes: *verified* passes, *refuted* is a ``<failure>``,
*refuted as expected* is ``<skipped>`` (an xfail), *could not check* is an ``<error>``. A check
that verified but raised a finding that fails the run (``AV406``, a stale ``known:``) fails too.
Each note also has a test case ``findings`` for what no check raised (parse errors, spec errors,
unverified blocks), failing when one of them fails the run; the run's own findings (a missing
path) are the test case ``run`` of a suite ``algoverify``. ``lint`` gives the ``findings`` cases only.
"""

from __future__ import annotations

import re
import textwrap
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any, Iterable

from ..checking.outcome import CANNOT, KNOWN, REFUTED
from ..findings import Finding
from ..source import printable
from .checks import check_lines
from .common import Bare, Sources, attribute, fails
from .text import render_findings

#: the name of a note's test case for the findings no check raised
FINDINGS_CASE = "findings"


def _xml_text(text: str) -> str:
    # XML 1.0 has no place for control characters: shown as `printable` shows them to a terminal
    return re.sub("[\ufffe\uffff]", "\ufffd", printable(text))


def _classname(path: Path | str) -> str:
    """``corpus/power-iteration.md`` → ``corpus.power-iteration``, as pytest names a test module."""
    return Path(path).with_suffix("").as_posix().strip("/").replace("/", ".") or str(path)


class _Suite:
    def __init__(self, parent: ET.Element, name: str, seconds: float) -> None:
        self.element = ET.SubElement(parent, "testsuite", name=_xml_text(name))
        self.counts = dict.fromkeys(("tests", "failures", "errors", "skipped"), 0)
        self.seconds = seconds

    def case(self, classname: str, name: str, seconds: float, **attrs: str) -> ET.Element:
        self.counts["tests"] += 1
        return ET.SubElement(
            self.element,
            "testcase",
            classname=_xml_text(classname),
            name=_xml_text(name),
            time=f"{seconds:.3f}",
            **attrs,
        )

    def outcome(self, case: ET.Element, tag: str, message: str, kind: str, body: str = "") -> None:
        self.counts[{"failure": "failures", "error": "errors", "skipped": "skipped"}[tag]] += 1
        element = ET.SubElement(case, tag, message=_xml_text(message), type=kind)
        if body:
            element.text = _xml_text(body)

    def close(self) -> dict[str, int]:
        for key, n in self.counts.items():
            self.element.set(key, str(n))
        self.element.set("time", f"{self.seconds:.3f}")
        return self.counts


def _findings_case(
    suite: _Suite, classname: str, findings: list[Finding], sources: Sources, strict: bool, name: str = FINDINGS_CASE
) -> None:
    case = suite.case(classname, name, 0.0)
    failing = [f for f in findings if fails(f, strict)]
    text = "\n".join(render_findings(findings, sources))
    if failing:
        first = failing[0]
        suite.outcome(case, "failure", f"{first.code} {first.message}", first.code, text)
    elif text:
        ET.SubElement(case, "system-out").text = _xml_text(text)


def document(result: Any, *, command: str = "check", strict: bool = False) -> ET.Element:
    """The ``<testsuites>`` element of a run."""
    sources = result.sources
    root = ET.Element("testsuites", name="algoverify")
    totals = dict.fromkeys(("tests", "failures", "errors", "skipped"), 0)
    suites = []
    if result.findings:
        suite = _Suite(root, "algoverify", 0.0)
        _findings_case(suite, "algoverify", list(result.findings), sources, strict, name="run")
        suites.append(suite)
    for note in result.notes:
        suite = _Suite(root, str(note.path), note.seconds)
        classname = _classname(note.path)
        source = note.note.source if note.note is not None else None
        checks, rest = attribute(note)
        for c in checks:
            o = c.outcome
            attrs = {"file": _xml_text(str(note.path))}
            if source is not None and o.check.span is not None:
                attrs["line"] = str(source.line_col(o.check.span.start)[0])
            case = suite.case(classname, o.check.id, o.seconds, **attrs)
            body = textwrap.dedent("\n".join(check_lines(c, source, sources)))
            failing = [f for f in c.findings if fails(f, strict)]
            first = (c.findings or [None])[0]
            kind = first.code if first is not None else o.status
            if o.status == CANNOT:
                suite.outcome(case, "error", f"{o.status}: {o.message}", kind, body)
            elif o.status == REFUTED or failing:
                message = o.message if o.status == REFUTED else f"{failing[0].code} {failing[0].message}"
                suite.outcome(case, "failure", f"{REFUTED if o.status == REFUTED else o.status}: {message}", kind, body)
            elif o.status == KNOWN:
                suite.outcome(case, "skipped", f"{KNOWN}: {o.check.known}", KNOWN, body)
        _findings_case(suite, classname, rest, sources, strict)
        suites.append(suite)
    for suite in suites:
        for key, n in suite.close().items():
            totals[key] += n
    for key, n in totals.items():
        root.set(key, str(n))
    root.set("time", f"{getattr(result, 'seconds', 0.0):.3f}")
    return root


def report(result: Any, *, command: str = "check", strict: bool = False, **_: Any) -> str:
    """Render the run as JUnit XML."""
    root = document(result, command=command, strict=strict)
    ET.indent(root)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"


def render(findings: Iterable[Finding], sources: Sources, *, strict: bool = False, **_: Any) -> str:
    """The JUnit XML of bare findings: one test case ``run``."""
    return report(Bare(list(findings), sources), command="lint", strict=strict)
