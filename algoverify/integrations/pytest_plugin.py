"""The pytest plugin: each check of a note's spec is a test item (``pytest --algoverify corpus/``).

Registered through the ``pytest11`` entry point. A note (``.md``, ``.markdown``, ``.tex`` with
an ``algoverify:`` spec) is collected when ``--algoverify`` is given, or always when its
project configuration says ``pytest-collect = true``. Its items are named by check id
(``corpus/power-iteration.md::leading-eigenpair-spd``); a note that does not lint clean also
gets an item ``lint``. A check's verdict is the item's outcome: *verified* passes, *refuted*
fails with the text report (never a Python traceback), a known finding is a strict xfail, and
*could not check* is an error. The note is checked once, by :func:`algoverify.api.check` (in
its own worker, as the command line does), when the first of its items runs.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

#: only files that can hold a spec are opened, and only those mentioning one are read in full
_SUFFIXES = (".md", ".markdown", ".tex")
_SPEC_KEY = b"algoverify:"


def pytest_addoption(parser: pytest.Parser) -> None:
    """``--algoverify`` and ``--algoverify-seed``."""
    group = parser.getgroup("algoverify", "algoverify: notes' checks as test items")
    group.addoption(
        "--algoverify",
        action="store_true",
        default=False,
        help="collect the checks of notes (.md, .markdown, .tex with an algoverify: spec) as test items",
    )
    group.addoption(
        "--algoverify-seed",
        type=int,
        default=None,
        metavar="SEED",
        help="seed of the checks' input generators (default: the note's, else the project's, else 0)",
    )


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> pytest.Collector | None:
    """A :class:`NoteFile` for each note with a spec, when asked for or configured."""
    if file_path.suffix.lower() not in _SUFFIXES:
        return None
    if not (parent.config.getoption("algoverify") or _configured(file_path)):
        return None
    from ..reading.files import read_regular  # here, not at the top: pytest loads this plugin in every run
    from ..reading.notes import max_note_bytes

    data = read_regular(file_path, max_note_bytes())  # a FIFO named *.md must not hang the collection
    if data is not None and _SPEC_KEY not in data:
        return None  # a file that cannot be read is collected: linting it says what is wrong
    return NoteFile.from_parent(parent, path=file_path)


def _configured(path: Path) -> bool:
    from ..reading.config import find_config

    return find_config(path.parent).pytest_collect


class Refuted(Exception):
    """A check refuted its claim; the message is the report."""


class KnownFindingGone(Exception):
    """A claim marked as a known finding now holds (not a :class:`Refuted`: the strict xfail fails)."""


class NoteFile(pytest.File):
    """A note: an item per check of its spec; the note is checked once, for all of them."""

    def collect(self) -> Any:
        """Lint the note (nothing runs), then yield its items."""
        from .. import api

        report = api.lint([self.note_path()]).notes[0]
        errors = [f for f in report.findings if f.severity.value == "error"]
        checks = api.declared_checks(report)
        if report.note is not None and not checks and not errors:
            return  # a spec that declares no check: nothing to test
        sources = {report.path: report.note.source} if report.note is not None else {}
        if errors:
            names = {c.id for c in checks}
            yield LintItem.from_parent(
                self, name="lint" if "lint" not in names else "lint:note", findings=errors, sources=sources
            )
        for check in checks:
            line = report.note.source.line_col(check.span.start)[0]
            yield CheckItem.from_parent(self, name=check.id, check=check, line=line)

    def checked(self) -> Any:
        """The note's ``api.NoteReport`` once checked (checked on the first call only)."""
        if not hasattr(self, "_report"):
            from .. import api

            seed = self.config.getoption("algoverify_seed")
            self._report = api.check([self.note_path()], seed=seed).notes[0]
        return self._report

    def note_path(self) -> Path:
        """The note's path as reports show it: relative to where pytest was started, when it is below."""
        start = self.config.invocation_params.dir
        if Path.cwd() == start and self.path.is_relative_to(start):
            return self.path.relative_to(start)
        return self.path


class LintItem(pytest.Item):
    """The findings that make the note fail ``algoverify lint``: it fails with them."""

    def __init__(self, *, findings: list, sources: dict, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.findings, self.sources = findings, sources

    def runtest(self) -> None:
        """Fail with the lint report."""
        from .. import reporting

        raise Refuted(reporting.get("text")(self.findings, self.sources))

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None) -> Any:
        """The report, not a traceback."""
        return str(excinfo.value) if isinstance(excinfo.value, Refuted) else super().repr_failure(excinfo)

    def reportinfo(self) -> tuple[Path, int | None, str]:
        """Where pytest says the item is."""
        return self.path, None, f"algoverify lint {self.path.name}"


class CheckItem(pytest.Item):
    """One check: passes when verified, fails when refuted, errs when it could not be checked."""

    def __init__(self, *, check: Any, line: int, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.check, self.line = check, line
        if check.known is not None:
            # a known finding passes only while the claim is still refuted, as a strict xfail;
            # raises=: a check that could not run is an error all the same, never an xfail
            self.add_marker(pytest.mark.xfail(reason=f"known: {check.known}", strict=True, raises=Refuted))

    def setup(self) -> None:
        """Check the note (once for all its items); *could not check* is an error here."""
        from ..checking.outcome import CANNOT

        note = self.parent.checked()
        self.outcome = next((o for o in note.outcomes if o.check.id == self.check.id), None)
        if self.outcome is None:  # the note stopped before this check (its module did not import, …)
            errors = [f for f in note.findings if f.severity.value == "error"]
            pytest.fail(
                _findings_text(note, errors) or "could not check: the note's run stopped before it", pytrace=False
            )
        if self.outcome.status == CANNOT:
            text = _outcome_text(note, self.outcome)
            if not self.outcome.findings:  # not run (its module did not import): the cause is the note's
                errors = [f for f in note.findings if f.severity.value == "error"]
                text = "\n".join(filter(None, [_findings_text(note, errors), text]))
            pytest.fail(text, pytrace=False)

    def runtest(self) -> None:
        """Fail unless the check verified its claim."""
        from ..checking.outcome import VERIFIED

        if self.outcome.status != VERIFIED:
            raise Refuted(_outcome_text(self.parent.checked(), self.outcome))
        if self.check.known is not None:  # its report says why the `known:` mark is stale
            raise KnownFindingGone(_outcome_text(self.parent.checked(), self.outcome))

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None) -> Any:
        """The check's report, not a traceback."""
        if isinstance(excinfo.value, (Refuted, KnownFindingGone)):
            return str(excinfo.value)
        return super().repr_failure(excinfo)

    def reportinfo(self) -> tuple[Path, int | None, str]:
        """The check's entry in the note's front matter."""
        return self.path, self.line - 1, f"{self.check.id} ({self.check.kind} check, line {self.line})"


def _outcome_text(note: Any, outcome: Any) -> str:
    """The check's block of the text report, as ``algoverify check`` prints it under the note.

    pytest's own header names the item; the first line (the verdict and why) is what its short
    summary shows, so it is said on one line, without the report's columns.
    """
    from ..reporting.checks import check_lines
    from ..reporting.common import attribute

    checks, _ = attribute(note)
    mine = next(c for c in checks if c.outcome is outcome)
    source = note.note.source if note.note is not None else None
    lines = check_lines(mine, source, {note.path: source} if source is not None else {})
    return "\n".join([" ".join(lines[0].split()), *lines[1:]])


def _findings_text(note: Any, findings: list) -> str:
    from .. import reporting

    sources = {note.path: note.note.source} if note.note is not None else {}
    return reporting.get("text")(findings, sources).rstrip("\n") if findings else ""
