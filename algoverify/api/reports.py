"""What the API returns: :class:`BlockReport`, :class:`NoteReport` and :class:`Result`, and a report as data.

A note's report travels between a run's lanes, and to and from the cache, as JSON data
(:func:`_report_data`, :func:`_report_from_data`): data, never pickled objects.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..findings import Finding, InternalError, Severity
from ..reading.blocks import Block
from ..reading.config import ProjectConfig, find_config
from ..reading.macros import MacroTable
from ..reading.notes import Note
from ..source import SourceFile
from ..syntax import ir


@dataclass
class BlockReport:
    """One block of a note: what was found, its IR if it is a listing, and its findings."""

    block: Block
    ir: ir.Algorithm | None = None
    findings: list[Finding] = field(default_factory=list)


@dataclass
class NoteReport:
    """One note: its blocks and every finding about it (note-level and block-level)."""

    path: Path
    note: Note | None
    blocks: list[BlockReport] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)
    #: outcomes of the note's checks (filled by :func:`check`)
    outcomes: list = field(default_factory=list)
    seconds: float = 0.0
    #: the project configuration in force for this note
    config: ProjectConfig = field(default_factory=ProjectConfig)
    #: the user macros in force: the project's, a preamble beside the note, the note's own
    macros: MacroTable = field(default_factory=MacroTable)
    #: LaTeX whose definitions apply to the note's listings: preamble files beside it, then the note
    preamble: str = ""
    #: the sentences of the prose that state something checkable, with what backs each (filled by :func:`claims`)
    claims: list = field(default_factory=list)
    #: replayed from the cache: nothing of the note ran this time (its blocks carry no IR)
    cached: bool = False
    #: files besides the note its outcome depends on: its module and the local modules that
    #: imported, preambles beside it (present or not), the project's macro files
    inputs: list[Path] = field(default_factory=list)
    #: what the note declares around each listing (:func:`note_names`), read once
    names: Any = None

    def listings(self) -> list[BlockReport]:
        """The algorithm blocks, in document order."""
        return [b for b in self.blocks if b.block.kind == "algorithm"]


@dataclass
class Result:
    """The outcome of a run over some paths."""

    notes: list[NoteReport] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)
    seconds: float = 0.0
    #: sources of files that are not notes but have findings (project configs)
    extra_sources: dict[Path, SourceFile] = field(default_factory=dict)

    def all_findings(self) -> list[Finding]:
        """Run-level findings followed by every note's findings."""
        out = list(self.findings)
        for note in self.notes:
            out.extend(note.findings)
        return out

    @property
    def sources(self) -> dict[Path, SourceFile]:
        """The text of every note read (and of each project config), keyed by path, for reporters."""
        return {**self.extra_sources, **{n.path: n.note.source for n in self.notes if n.note is not None}}

    @property
    def internal_error(self) -> bool:
        """True when algoverify itself failed somewhere (exit status 2)."""
        return any(f.code == InternalError.code for f in self.all_findings())

    def failed(self, strict: bool = False) -> bool:
        """True when any finding is an error (or a warning, with ``strict``), or a check could not be checked.

        A check that tested nothing fails the run whatever the severity of its cause (an ``AV204``
        ambiguity is a warning in ``lint``): exit 0 means every claim was judged.
        """
        bad = {Severity.ERROR, Severity.WARNING} if strict else {Severity.ERROR}
        if any(o.status == "could not check" for n in self.notes for o in n.outcomes):
            return True
        return any(f.severity in bad for f in self.all_findings())


def _report_data(report: NoteReport) -> dict:
    """A note's report as JSON data (:mod:`.orchestration.portable`): what a lane sends the run.

    The note's text goes whole, its reading and its listings' IR as data; the project
    configuration is found again on the other side, as a cached report's is. Derived tables
    (``names``) are left to be rebuilt when asked for; ``claims`` are not made by lint or check.
    """
    from ..orchestration import portable

    return {
        "path": str(report.path),
        "note": portable.encode(report.note),
        "blocks": [portable.encode([b.block, b.ir, b.findings]) for b in report.blocks],
        "findings": portable.encode(report.findings),
        "outcomes": portable.encode(report.outcomes),
        "seconds": report.seconds,
        "macros": portable.encode(report.macros),
        "preamble": report.preamble,
        "cached": report.cached,
        "inputs": [str(p) for p in report.inputs],
    }


def _report_from_data(data: Any) -> NoteReport:
    """The inverse of :func:`_report_data`; raises ``Malformed`` for data that is not a report."""
    from ..orchestration import portable
    from ..orchestration.wire import Malformed

    try:
        path = Path(data["path"])
        note = portable.decode(data["note"])
        blocks = []
        for item in data["blocks"]:
            block, tree, findings = portable.decode(item)
            if not isinstance(block, Block) or not (tree is None or isinstance(tree, ir.Algorithm)):
                raise Malformed("not a block")
            if not isinstance(findings, list) or not all(isinstance(f, Finding) for f in findings):
                raise Malformed("not a block's findings")
            blocks.append(BlockReport(block, tree, findings))
        macros = portable.decode(data["macros"])
        report = NoteReport(
            path,
            note,
            blocks,
            portable.decode_findings(data["findings"]),
            portable.decode_outcomes(data["outcomes"]),
            float(data["seconds"]),
            find_config(path.parent),
            macros,
            str(data["preamble"]),
            cached=bool(data["cached"]),
            inputs=[Path(p) for p in data["inputs"]],
        )
    except Malformed:
        raise
    except (TypeError, ValueError, KeyError, AttributeError) as exc:
        raise Malformed(f"not a report: {type(exc).__name__}: {exc}") from None
    if not (note is None or isinstance(note, Note)) or not isinstance(macros, MacroTable):
        raise Malformed("not a report: its note or macros are not ours")
    return report


@dataclass(frozen=True)
class Selection:
    """Which checks of a note run (``None``: all), and whether the note stops at its first refuted check.

    ``algoverify mutate`` runs a mutant's note with the checks that held on the original only, and
    needs one refutation to call it killed: the checks after it would spend the mutant's time.
    """

    checks: frozenset[str] | None = None
    until_refuted: bool = False
    #: shrink a refutation's counterexample (a mutant's score needs only that it is refuted)
    shrink: bool = True
    #: record what each check's runs do (``Outcome.trace``), for the HTML report
    traces: bool = False


ALL_CHECKS = Selection()
